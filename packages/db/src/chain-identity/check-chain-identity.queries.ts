/** Types generated for queries found in "packages/db/src/chain-identity/check-chain-identity.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'RecordChainIdentity' parameters type */
export interface IRecordChainIdentityParams {
  chainId: number;
  genesisHash: Buffer;
  id: string;
  registryAddress: string;
}

/** 'RecordChainIdentity' return type */
export interface IRecordChainIdentityResult {
  id: string;
}

/** 'RecordChainIdentity' query type */
export interface IRecordChainIdentityQuery {
  params: IRecordChainIdentityParams;
  result: IRecordChainIdentityResult;
}

const recordChainIdentityIR: any = {"usedParamSet":{"id":true,"chainId":true,"genesisHash":true,"registryAddress":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":85}]},{"name":"chainId","required":true,"transform":{"type":"scalar"},"locs":[{"a":88,"b":96}]},{"name":"genesisHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":99,"b":111}]},{"name":"registryAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":114,"b":130}]}],"statement":"INSERT INTO chain_identity (id, chain_id, genesis_hash, registry_address)\nVALUES (:id!, :chainId!, :genesisHash!, :registryAddress!)\nON CONFLICT (id) DO NOTHING\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO chain_identity (id, chain_id, genesis_hash, registry_address)
 * VALUES (:id!, :chainId!, :genesisHash!, :registryAddress!)
 * ON CONFLICT (id) DO NOTHING
 * RETURNING id
 * ```
 */
export const recordChainIdentity = new PreparedQuery<IRecordChainIdentityParams,IRecordChainIdentityResult>(recordChainIdentityIR);


/** 'LockChainIdentity' parameters type */
export interface ILockChainIdentityParams {
  id: string;
}

/** 'LockChainIdentity' return type */
export interface ILockChainIdentityResult {
  chain_id: number;
  genesis_hash: Buffer;
  registry_address: string;
}

/** 'LockChainIdentity' query type */
export interface ILockChainIdentityQuery {
  params: ILockChainIdentityParams;
  result: ILockChainIdentityResult;
}

const lockChainIdentityIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":82}]}],"statement":"SELECT chain_id, genesis_hash, registry_address FROM chain_identity WHERE id = :id! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT chain_id, genesis_hash, registry_address FROM chain_identity WHERE id = :id! FOR UPDATE
 * ```
 */
export const lockChainIdentity = new PreparedQuery<ILockChainIdentityParams,ILockChainIdentityResult>(lockChainIdentityIR);


/** 'AnyAnchor' parameters type */
export type IAnyAnchorParams = void;

/** 'AnyAnchor' return type */
export interface IAnyAnchorResult {
  stored: boolean;
}

/** 'AnyAnchor' query type */
export interface IAnyAnchorQuery {
  params: IAnyAnchorParams;
  result: IAnyAnchorResult;
}

const anyAnchorIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT EXISTS (SELECT 1 FROM anchors) AS \"stored!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT EXISTS (SELECT 1 FROM anchors) AS "stored!"
 * ```
 */
export const anyAnchor = new PreparedQuery<IAnyAnchorParams,IAnyAnchorResult>(anyAnchorIR);


/** 'RebindChainIdentity' parameters type */
export interface IRebindChainIdentityParams {
  chainId: number;
  genesisHash: Buffer;
  id: string;
  registryAddress: string;
}

/** 'RebindChainIdentity' return type */
export type IRebindChainIdentityResult = void;

/** 'RebindChainIdentity' query type */
export interface IRebindChainIdentityQuery {
  params: IRebindChainIdentityParams;
  result: IRebindChainIdentityResult;
}

const rebindChainIdentityIR: any = {"usedParamSet":{"chainId":true,"genesisHash":true,"registryAddress":true,"id":true},"params":[{"name":"chainId","required":true,"transform":{"type":"scalar"},"locs":[{"a":40,"b":48}]},{"name":"genesisHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":66,"b":78}]},{"name":"registryAddress","required":true,"transform":{"type":"scalar"},"locs":[{"a":100,"b":116}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":158,"b":161}]}],"statement":"UPDATE chain_identity\n   SET chain_id = :chainId!, genesis_hash = :genesisHash!, registry_address = :registryAddress!,\n       recorded_at = now()\n WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE chain_identity
 *    SET chain_id = :chainId!, genesis_hash = :genesisHash!, registry_address = :registryAddress!,
 *        recorded_at = now()
 *  WHERE id = :id!
 * ```
 */
export const rebindChainIdentity = new PreparedQuery<IRebindChainIdentityParams,IRebindChainIdentityResult>(rebindChainIdentityIR);


/** 'ChainIdentityOf' parameters type */
export interface IChainIdentityOfParams {
  id: string;
}

/** 'ChainIdentityOf' return type */
export interface IChainIdentityOfResult {
  chain_id: number;
  genesis_hash: Buffer;
  registry_address: string;
}

/** 'ChainIdentityOf' query type */
export interface IChainIdentityOfQuery {
  params: IChainIdentityOfParams;
  result: IChainIdentityOfResult;
}

const chainIdentityOfIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":82}]}],"statement":"SELECT chain_id, genesis_hash, registry_address FROM chain_identity WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT chain_id, genesis_hash, registry_address FROM chain_identity WHERE id = :id!
 * ```
 */
export const chainIdentityOf = new PreparedQuery<IChainIdentityOfParams,IChainIdentityOfResult>(chainIdentityOfIR);


