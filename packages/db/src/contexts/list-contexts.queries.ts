/** Types generated for queries found in "packages/db/src/contexts/list-contexts.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type ContextStatus = 'confirmed' | 'failed' | 'pending';

export type Visibility = 'private' | 'public';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'ListContextRows' parameters type */
export interface IListContextRowsParams {
  after?: string | null | void;
  agentId?: string | null | void;
  beforeId?: string | null | void;
  fromId?: string | null | void;
  ids?: stringArray | null | void;
  limit: NumberOrString;
  onlyKeys?: stringArray | null | void;
  onlyVisibility?: Visibility | null | void;
  status?: ContextStatus | null | void;
  toSequence?: number | null | void;
  userId: string;
}

/** 'ListContextRows' return type */
export interface IListContextRowsResult {
  agent_id: string;
  anchor_id: string | null;
  api_key_id: string;
  canonical_data: Buffer | null;
  context_hash: Buffer;
  created_at: Date;
  data_erased_at: Date | null;
  data_erased_by: string | null;
  data_erasure_overrode_retention: boolean | null;
  data_erasure_reason: string | null;
  entry_hash: Buffer | null;
  error_code: string | null;
  error_details: string | null;
  error_message: string | null;
  estimated_confirmation: Date;
  failed_at: Date | null;
  failure_reason: string | null;
  id: string;
  network: string;
  prev_entry_hash: Buffer | null;
  retry_possible: boolean | null;
  sequence: number | null;
  signature: Buffer;
  signature_scheme: string;
  signer_address: string;
  user_id: string;
  visibility: Visibility;
}

/** 'ListContextRows' query type */
export interface IListContextRowsQuery {
  params: IListContextRowsParams;
  result: IListContextRowsResult;
}

const listContextRowsIR: any = {"usedParamSet":{"userId":true,"onlyVisibility":true,"onlyKeys":true,"agentId":true,"ids":true,"after":true,"fromId":true,"beforeId":true,"toSequence":true,"status":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":49,"b":56}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":112,"b":126}]},{"name":"onlyKeys","required":false,"transform":{"type":"scalar"},"locs":[{"a":129,"b":137}]},{"name":"agentId","required":false,"transform":{"type":"scalar"},"locs":[{"a":148,"b":155},{"a":187,"b":194}]},{"name":"ids","required":false,"transform":{"type":"scalar"},"locs":[{"a":205,"b":208},{"a":240,"b":243}]},{"name":"after","required":false,"transform":{"type":"scalar"},"locs":[{"a":255,"b":260},{"a":286,"b":291}]},{"name":"fromId","required":false,"transform":{"type":"scalar"},"locs":[{"a":302,"b":308},{"a":335,"b":341}]},{"name":"beforeId","required":false,"transform":{"type":"scalar"},"locs":[{"a":352,"b":360},{"a":386,"b":394}]},{"name":"toSequence","required":false,"transform":{"type":"scalar"},"locs":[{"a":405,"b":415},{"a":447,"b":457}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":468,"b":474},{"a":583,"b":589}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":619,"b":625}]}],"statement":"SELECT c.* FROM contexts AS c\n WHERE c.user_id = :userId!\n   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)\n   AND (:agentId::text IS NULL OR c.agent_id = :agentId)\n   AND (:ids::text[] IS NULL OR c.id = ANY(:ids))\n   AND (:after::text IS NULL OR c.id < :after)\n   AND (:fromId::text IS NULL OR c.id >= :fromId)\n   AND (:beforeId::text IS NULL OR c.id < :beforeId)\n   AND (:toSequence::int IS NULL OR c.sequence <= :toSequence)\n   AND (:status::\"ContextStatus\" IS NULL\n        OR (SELECT s.status FROM ctxlog_context_status(c.id, c.failed_at) AS s) = :status)\n ORDER BY c.id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.* FROM contexts AS c
 *  WHERE c.user_id = :userId!
 *    AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 *    AND (:agentId::text IS NULL OR c.agent_id = :agentId)
 *    AND (:ids::text[] IS NULL OR c.id = ANY(:ids))
 *    AND (:after::text IS NULL OR c.id < :after)
 *    AND (:fromId::text IS NULL OR c.id >= :fromId)
 *    AND (:beforeId::text IS NULL OR c.id < :beforeId)
 *    AND (:toSequence::int IS NULL OR c.sequence <= :toSequence)
 *    AND (:status::"ContextStatus" IS NULL
 *         OR (SELECT s.status FROM ctxlog_context_status(c.id, c.failed_at) AS s) = :status)
 *  ORDER BY c.id DESC
 *  LIMIT :limit!
 * ```
 */
export const listContextRows = new PreparedQuery<IListContextRowsParams,IListContextRowsResult>(listContextRowsIR);


