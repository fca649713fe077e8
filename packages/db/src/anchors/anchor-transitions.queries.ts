/** Types generated for queries found in "packages/db/src/anchors/anchor-transitions.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type AnchorStatus = 'confirmed' | 'failed' | 'mined' | 'queued' | 'sent';

export type AnchorStatusArray = (AnchorStatus)[];

export type BufferArray = (Buffer)[];

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'ClaimAnchor' parameters type */
export interface IClaimAnchorParams {
  chainId: number;
  contextCount: number;
  contextIds: stringArray;
  id: string;
  merkleRoot: Buffer;
  merkleTree: Buffer;
  network: string;
  registryAddress: string;
  signerAddress: string;
  to: AnchorStatus;
}

/** 'ClaimAnchor' return type */
export type IClaimAnchorResult = void;

/** 'ClaimAnchor' query type */
export interface IClaimAnchorQuery {
  params: IClaimAnchorParams;
  result: IClaimAnchorResult;
}

const claimAnchorIR: any = {"usedParamSet":{"id":true,"signerAddress":true,"chainId":true,"network":true,"registryAddress":true,"merkleRoot":true,"contextCount":true,"contextIds":true,"merkleTree":true,"to":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":165}]},{"name":"signerAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":168,"b":182}]},{"name":"chainId","required":true,"transform":{"type":"scalar"},"locs":[{"a":185,"b":193}]},{"name":"network","required":true,"transform":{"type":"scalar"},"locs":[{"a":196,"b":204}]},{"name":"registryAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":207,"b":223}]},{"name":"merkleRoot","required":true,"transform":{"type":"scalar"},"locs":[{"a":226,"b":237}]},{"name":"contextCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":242,"b":255}]},{"name":"contextIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":258,"b":269}]},{"name":"merkleTree","required":true,"transform":{"type":"scalar"},"locs":[{"a":280,"b":291}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":294,"b":297}]}],"statement":"INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root,\n  context_count, context_ids, merkle_tree, status, updated_at)\nVALUES (:id!, :signerAddress!, :chainId!, :network!, :registryAddress!, :merkleRoot!,\n  :contextCount!, :contextIds!::text[], :merkleTree!, :to!::\"AnchorStatus\", now())"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root,
 *   context_count, context_ids, merkle_tree, status, updated_at)
 * VALUES (:id!, :signerAddress!, :chainId!, :network!, :registryAddress!, :merkleRoot!,
 *   :contextCount!, :contextIds!::text[], :merkleTree!, :to!::"AnchorStatus", now())
 * ```
 */
export const claimAnchor = new PreparedQuery<IClaimAnchorParams,IClaimAnchorResult>(claimAnchorIR);


/** 'ClaimTreeHeadAnchor' parameters type */
export interface IClaimTreeHeadAnchorParams {
  chainId: number;
  contextCount: number;
  contextIds: stringArray;
  id: string;
  merkleRoot: Buffer;
  network: string;
  registryAddress: string;
  signerAddress: string;
  to: AnchorStatus;
  treeSize: NumberOrString;
}

/** 'ClaimTreeHeadAnchor' return type */
export type IClaimTreeHeadAnchorResult = void;

/** 'ClaimTreeHeadAnchor' query type */
export interface IClaimTreeHeadAnchorQuery {
  params: IClaimTreeHeadAnchorParams;
  result: IClaimTreeHeadAnchorResult;
}

const claimTreeHeadAnchorIR: any = {"usedParamSet":{"id":true,"signerAddress":true,"chainId":true,"network":true,"registryAddress":true,"merkleRoot":true,"contextCount":true,"contextIds":true,"treeSize":true,"to":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":253,"b":256}]},{"name":"signerAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":259,"b":273}]},{"name":"chainId","required":true,"transform":{"type":"scalar"},"locs":[{"a":276,"b":284}]},{"name":"network","required":true,"transform":{"type":"scalar"},"locs":[{"a":287,"b":295}]},{"name":"registryAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":298,"b":314}]},{"name":"merkleRoot","required":true,"transform":{"type":"scalar"},"locs":[{"a":317,"b":328}]},{"name":"contextCount","required":true,"transform":{"type":"scalar"},"locs":[{"a":333,"b":346}]},{"name":"contextIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":349,"b":360}]},{"name":"treeSize","required":true,"transform":{"type":"scalar"},"locs":[{"a":371,"b":380}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":391,"b":394}]}],"statement":"-- the log's tree head: no tree of its own, its count the log's size (ctxlog_anchored_count)\nINSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root,\n  context_count, context_ids, tree_size, status, updated_at)\nVALUES (:id!, :signerAddress!, :chainId!, :network!, :registryAddress!, :merkleRoot!,\n  :contextCount!, :contextIds!::text[], :treeSize!::bigint, :to!::\"AnchorStatus\", now())"};

/**
 * Query generated from SQL:
 * ```
 * -- the log's tree head: no tree of its own, its count the log's size (ctxlog_anchored_count)
 * INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root,
 *   context_count, context_ids, tree_size, status, updated_at)
 * VALUES (:id!, :signerAddress!, :chainId!, :network!, :registryAddress!, :merkleRoot!,
 *   :contextCount!, :contextIds!::text[], :treeSize!::bigint, :to!::"AnchorStatus", now())
 * ```
 */
export const claimTreeHeadAnchor = new PreparedQuery<IClaimTreeHeadAnchorParams,IClaimTreeHeadAnchorResult>(claimTreeHeadAnchorIR);


/** 'SendAnchors' parameters type */
export interface ISendAnchorsParams {
  from: AnchorStatusArray;
  hashes: BufferArray;
  ids: stringArray;
  nonces: numberArray;
  to: AnchorStatus;
}

/** 'SendAnchors' return type */
export type ISendAnchorsResult = void;

/** 'SendAnchors' query type */
export interface ISendAnchorsQuery {
  params: ISendAnchorsParams;
  result: ISendAnchorsResult;
}

const sendAnchorsIR: any = {"usedParamSet":{"from":true,"to":true,"ids":true,"hashes":true,"nonces":true},"params":[{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":61,"b":66}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":92,"b":95}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":216,"b":220}]},{"name":"hashes","required":true,"transform":{"type":"scalar"},"locs":[{"a":231,"b":238}]},{"name":"nonces","required":true,"transform":{"type":"scalar"},"locs":[{"a":250,"b":257}]}],"statement":"UPDATE anchors AS a\n   SET status = CASE WHEN a.status = ANY(:from!::\"AnchorStatus\"[]) THEN :to!::\"AnchorStatus\" ELSE a.status END,\n       nonce = v.nonce, transaction_hash = v.hash, updated_at = now()\n  FROM unnest(:ids!::text[], :hashes!::bytea[], :nonces!::int[]) AS v(id, hash, nonce)\n WHERE a.id = v.id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchors AS a
 *    SET status = CASE WHEN a.status = ANY(:from!::"AnchorStatus"[]) THEN :to!::"AnchorStatus" ELSE a.status END,
 *        nonce = v.nonce, transaction_hash = v.hash, updated_at = now()
 *   FROM unnest(:ids!::text[], :hashes!::bytea[], :nonces!::int[]) AS v(id, hash, nonce)
 *  WHERE a.id = v.id
 * ```
 */
export const sendAnchors = new PreparedQuery<ISendAnchorsParams,ISendAnchorsResult>(sendAnchorsIR);


/** 'RequeueAnchors' parameters type */
export interface IRequeueAnchorsParams {
  countsAttempt: boolean;
  delaySeconds: number;
  error: string;
  from: AnchorStatusArray;
  ids: stringArray;
  to: AnchorStatus;
}

/** 'RequeueAnchors' return type */
export interface IRequeueAnchorsResult {
  id: string;
}

/** 'RequeueAnchors' query type */
export interface IRequeueAnchorsQuery {
  params: IRequeueAnchorsParams;
  result: IRequeueAnchorsResult;
}

const requeueAnchorsIR: any = {"usedParamSet":{"to":true,"countsAttempt":true,"delaySeconds":true,"error":true,"ids":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":36,"b":39}]},{"name":"countsAttempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":148,"b":162},{"a":226,"b":240}]},{"name":"delaySeconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":401,"b":414}]},{"name":"error","required":true,"transform":{"type":"scalar"},"locs":[{"a":446,"b":452}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":492,"b":496}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":526,"b":531}]}],"statement":"UPDATE anchors AS a\n   SET status = :to!::\"AnchorStatus\", nonce = NULL, transaction_hash = NULL,\n       send_attempts = a.send_attempts + CASE WHEN :countsAttempt!::boolean THEN 1 ELSE 0 END,\n       first_error_at = CASE WHEN :countsAttempt!::boolean THEN coalesce(a.first_error_at, now())\n                             ELSE a.first_error_at END,\n       next_attempt_at = now() + make_interval(secs => :delaySeconds!::float8),\n       last_error = :error!, updated_at = now()\n WHERE a.id = ANY(:ids!::text[]) AND a.status = ANY(:from!::\"AnchorStatus\"[])\n   AND NOT EXISTS (SELECT 1 FROM anchor_transactions AS t\n                    WHERE t.anchor_id = a.id AND t.status <> 'abandoned')\nRETURNING a.id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchors AS a
 *    SET status = :to!::"AnchorStatus", nonce = NULL, transaction_hash = NULL,
 *        send_attempts = a.send_attempts + CASE WHEN :countsAttempt!::boolean THEN 1 ELSE 0 END,
 *        first_error_at = CASE WHEN :countsAttempt!::boolean THEN coalesce(a.first_error_at, now())
 *                              ELSE a.first_error_at END,
 *        next_attempt_at = now() + make_interval(secs => :delaySeconds!::float8),
 *        last_error = :error!, updated_at = now()
 *  WHERE a.id = ANY(:ids!::text[]) AND a.status = ANY(:from!::"AnchorStatus"[])
 *    AND NOT EXISTS (SELECT 1 FROM anchor_transactions AS t
 *                     WHERE t.anchor_id = a.id AND t.status <> 'abandoned')
 * RETURNING a.id
 * ```
 */
export const requeueAnchors = new PreparedQuery<IRequeueAnchorsParams,IRequeueAnchorsResult>(requeueAnchorsIR);


/** 'MineAnchor' parameters type */
export interface IMineAnchorParams {
  anchorId: string;
  blockHash: Buffer;
  blockNumber: NumberOrString;
  blockTimestamp: DateOrString;
  effectiveGasPrice?: NumberOrString | null | void;
  from: AnchorStatusArray;
  gasUsed: NumberOrString;
  reverted: boolean;
  to: AnchorStatus;
  transactionHash: Buffer;
}

/** 'MineAnchor' return type */
export interface IMineAnchorResult {
  id: string;
}

/** 'MineAnchor' query type */
export interface IMineAnchorQuery {
  params: IMineAnchorParams;
  result: IMineAnchorResult;
}

const mineAnchorIR: any = {"usedParamSet":{"to":true,"transactionHash":true,"blockNumber":true,"blockHash":true,"blockTimestamp":true,"gasUsed":true,"effectiveGasPrice":true,"reverted":true,"anchorId":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":31,"b":34}]},{"name":"transactionHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":72,"b":88}]},{"name":"blockNumber","required":true,"transform":{"type":"scalar"},"locs":[{"a":113,"b":125}]},{"name":"blockHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":149,"b":159}]},{"name":"blockTimestamp","required":true,"transform":{"type":"scalar"},"locs":[{"a":180,"b":195}]},{"name":"gasUsed","required":true,"transform":{"type":"scalar"},"locs":[{"a":216,"b":224}]},{"name":"effectiveGasPrice","required":false,"transform":{"type":"scalar"},"locs":[{"a":257,"b":274}]},{"name":"reverted","required":true,"transform":{"type":"scalar"},"locs":[{"a":304,"b":313}]},{"name":"anchorId","required":true,"transform":{"type":"scalar"},"locs":[{"a":365,"b":374}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":393,"b":398}]}],"statement":"UPDATE anchors\n   SET status = :to!::\"AnchorStatus\", transaction_hash = :transactionHash!,\n       block_number = :blockNumber!::bigint, block_hash = :blockHash!, block_timestamp = :blockTimestamp!,\n       gas_used = :gasUsed!::bigint, effective_gas_price = :effectiveGasPrice::numeric,\n       reverted = :reverted!, mined_at = now(), updated_at = now()\n WHERE id = :anchorId! AND status = ANY(:from!::\"AnchorStatus\"[])\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchors
 *    SET status = :to!::"AnchorStatus", transaction_hash = :transactionHash!,
 *        block_number = :blockNumber!::bigint, block_hash = :blockHash!, block_timestamp = :blockTimestamp!,
 *        gas_used = :gasUsed!::bigint, effective_gas_price = :effectiveGasPrice::numeric,
 *        reverted = :reverted!, mined_at = now(), updated_at = now()
 *  WHERE id = :anchorId! AND status = ANY(:from!::"AnchorStatus"[])
 * RETURNING id
 * ```
 */
export const mineAnchor = new PreparedQuery<IMineAnchorParams,IMineAnchorResult>(mineAnchorIR);


/** 'UnmineAnchor' parameters type */
export interface IUnmineAnchorParams {
  anchorId: string;
  blockHash: Buffer;
  from: AnchorStatusArray;
  to: AnchorStatus;
}

/** 'UnmineAnchor' return type */
export interface IUnmineAnchorResult {
  id: string;
}

/** 'UnmineAnchor' query type */
export interface IUnmineAnchorQuery {
  params: IUnmineAnchorParams;
  result: IUnmineAnchorResult;
}

const unmineAnchorIR: any = {"usedParamSet":{"to":true,"anchorId":true,"from":true,"blockHash":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":31,"b":34}]},{"name":"anchorId","required":true,"transform":{"type":"scalar"},"locs":[{"a":235,"b":244}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":263,"b":268}]},{"name":"blockHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":306,"b":316}]}],"statement":"UPDATE anchors\n   SET status = :to!::\"AnchorStatus\", block_number = NULL, block_hash = NULL, block_timestamp = NULL,\n       gas_used = NULL, effective_gas_price = NULL, reverted = false, mined_at = NULL, updated_at = now()\n WHERE id = :anchorId! AND status = ANY(:from!::\"AnchorStatus\"[]) AND block_hash = :blockHash!\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchors
 *    SET status = :to!::"AnchorStatus", block_number = NULL, block_hash = NULL, block_timestamp = NULL,
 *        gas_used = NULL, effective_gas_price = NULL, reverted = false, mined_at = NULL, updated_at = now()
 *  WHERE id = :anchorId! AND status = ANY(:from!::"AnchorStatus"[]) AND block_hash = :blockHash!
 * RETURNING id
 * ```
 */
export const unmineAnchor = new PreparedQuery<IUnmineAnchorParams,IUnmineAnchorResult>(unmineAnchorIR);


/** 'ConfirmAnchorRow' parameters type */
export interface IConfirmAnchorRowParams {
  anchorId: string;
  blockHash: Buffer;
  confirmations: number;
  from: AnchorStatusArray;
  to: AnchorStatus;
}

/** 'ConfirmAnchorRow' return type */
export interface IConfirmAnchorRowResult {
  id: string;
}

/** 'ConfirmAnchorRow' query type */
export interface IConfirmAnchorRowQuery {
  params: IConfirmAnchorRowParams;
  result: IConfirmAnchorRowResult;
}

const confirmAnchorRowIR: any = {"usedParamSet":{"to":true,"confirmations":true,"anchorId":true,"from":true,"blockHash":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":31,"b":34}]},{"name":"confirmations","required":true,"transform":{"type":"scalar"},"locs":[{"a":69,"b":83}]},{"name":"anchorId","required":true,"transform":{"type":"scalar"},"locs":[{"a":139,"b":148}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":167,"b":172}]},{"name":"blockHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":210,"b":220}]}],"statement":"UPDATE anchors\n   SET status = :to!::\"AnchorStatus\", confirmations = :confirmations!, confirmed_at = now(), updated_at = now()\n WHERE id = :anchorId! AND status = ANY(:from!::\"AnchorStatus\"[]) AND block_hash = :blockHash! AND NOT reverted\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchors
 *    SET status = :to!::"AnchorStatus", confirmations = :confirmations!, confirmed_at = now(), updated_at = now()
 *  WHERE id = :anchorId! AND status = ANY(:from!::"AnchorStatus"[]) AND block_hash = :blockHash! AND NOT reverted
 * RETURNING id
 * ```
 */
export const confirmAnchorRow = new PreparedQuery<IConfirmAnchorRowParams,IConfirmAnchorRowResult>(confirmAnchorRowIR);


/** 'FailAnchorRow' parameters type */
export interface IFailAnchorRowParams {
  anchorId: string;
  error: string;
  from: AnchorStatusArray;
  reason: string;
  to: AnchorStatus;
}

/** 'FailAnchorRow' return type */
export interface IFailAnchorRowResult {
  id: string;
}

/** 'FailAnchorRow' query type */
export interface IFailAnchorRowQuery {
  params: IFailAnchorRowParams;
  result: IFailAnchorRowResult;
}

const failAnchorRowIR: any = {"usedParamSet":{"to":true,"reason":true,"error":true,"anchorId":true,"from":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":31,"b":34}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":89,"b":96}]},{"name":"error","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":118}]},{"name":"anchorId","required":true,"transform":{"type":"scalar"},"locs":[{"a":159,"b":168}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":187,"b":192}]}],"statement":"UPDATE anchors\n   SET status = :to!::\"AnchorStatus\", failed_at = now(), failure_reason = :reason!, last_error = :error!,\n       updated_at = now()\n WHERE id = :anchorId! AND status = ANY(:from!::\"AnchorStatus\"[])\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE anchors
 *    SET status = :to!::"AnchorStatus", failed_at = now(), failure_reason = :reason!, last_error = :error!,
 *        updated_at = now()
 *  WHERE id = :anchorId! AND status = ANY(:from!::"AnchorStatus"[])
 * RETURNING id
 * ```
 */
export const failAnchorRow = new PreparedQuery<IFailAnchorRowParams,IFailAnchorRowResult>(failAnchorRowIR);


