/** Types generated for queries found in "packages/db/src/contexts/read-context-row.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type ContextStatus = 'confirmed' | 'failed' | 'pending';

export type Visibility = 'private' | 'public';

export type stringArray = (string)[];

/** 'ReadPlacedContext' parameters type */
export interface IReadPlacedContextParams {
  contextId: string;
  onlyKeys?: stringArray | null | void;
  onlyVisibility?: Visibility | null | void;
  userId: string;
}

/** 'ReadPlacedContext' return type */
export interface IReadPlacedContextResult {
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
  placed_anchor_id: string | null;
  placed_leaf_index: number | null;
  placed_log_index: string | null;
  placed_proof: Buffer | null;
  placed_status: ContextStatus;
  prev_entry_hash: Buffer | null;
  retry_possible: boolean | null;
  sequence: number | null;
  signature: Buffer;
  signature_scheme: string;
  signer_address: string;
  user_id: string;
  visibility: Visibility;
}

/** 'ReadPlacedContext' query type */
export interface IReadPlacedContextQuery {
  params: IReadPlacedContextParams;
  result: IReadPlacedContextResult;
}

const readPlacedContextIR: any = {"usedParamSet":{"contextId":true,"userId":true,"onlyVisibility":true,"onlyKeys":true},"params":[{"name":"contextId","required":true,"transform":{"type":"scalar"},"locs":[{"a":557,"b":567}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":585,"b":592}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":648,"b":662}]},{"name":"onlyKeys","required":false,"transform":{"type":"scalar"},"locs":[{"a":665,"b":673}]}],"statement":"SELECT c.*, s.status AS \"placed_status!\", a.id AS \"placed_anchor_id?\",\n       m.leaf_index AS \"placed_leaf_index?\",\n       ctxlog_log_index(l.log_index, a.tree_size, m.leaf_index)::text AS \"placed_log_index?\",\n       ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, m.leaf_index) AS placed_proof\n  FROM contexts AS c\n CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s\n  LEFT JOIN confirmed_contexts AS m ON m.id = c.id\n  LEFT JOIN anchors AS a ON a.ref = m.anchor_ref\n  LEFT JOIN tlog_leaves AS l ON l.id = c.id\n WHERE c.id = :contextId! AND c.user_id = :userId!\n   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.*, s.status AS "placed_status!", a.id AS "placed_anchor_id?",
 *        m.leaf_index AS "placed_leaf_index?",
 *        ctxlog_log_index(l.log_index, a.tree_size, m.leaf_index)::text AS "placed_log_index?",
 *        ctxlog_anchor_proof(a.merkle_tree, a.context_count, a.tree_size, m.leaf_index) AS placed_proof
 *   FROM contexts AS c
 *  CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 *   LEFT JOIN confirmed_contexts AS m ON m.id = c.id
 *   LEFT JOIN anchors AS a ON a.ref = m.anchor_ref
 *   LEFT JOIN tlog_leaves AS l ON l.id = c.id
 *  WHERE c.id = :contextId! AND c.user_id = :userId!
 *    AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 * ```
 */
export const readPlacedContext = new PreparedQuery<IReadPlacedContextParams,IReadPlacedContextResult>(readPlacedContextIR);


