/** Types generated for queries found in "packages/db/src/events/render-payloads.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type stringArray = (string)[];

/** 'ReferencedContextsOf' parameters type */
export interface IReferencedContextsOfParams {
  ids: stringArray;
}

/** 'ReferencedContextsOf' return type */
export interface IReferencedContextsOfResult {
  agent_id: string;
  anchor_id: string | null;
  block_number: string | null;
  block_timestamp: Date | null;
  canonical_data: Buffer | null;
  chain_id: number | null;
  confirmations: number | null;
  confirmed_at: Date | null;
  context_hash: Buffer;
  created_at: Date;
  data_erased_at: Date | null;
  entry_hash: Buffer | null;
  gas_used: string | null;
  id: string;
  leaf_index: number | null;
  merkle_proof: Buffer | null;
  merkle_root: Buffer | null;
  network: string | null;
  prev_entry_hash: Buffer | null;
  registry_address: string | null;
  sequence: number | null;
  signature: Buffer;
  transaction_hash: Buffer | null;
  tree_size: string | null;
}

/** 'ReferencedContextsOf' query type */
export interface IReferencedContextsOfQuery {
  params: IReferencedContextsOfParams;
  result: IReferencedContextsOfResult;
}

const referencedContextsOfIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":944,"b":948}]}],"statement":"-- What a reference needs of its context and the batch it was confirmed in: the view\n-- ctxlog_context_references (migration 20261201040000_confirmed_contexts_name_their_anchor_by_ref),\n-- which the webhook worker's load-delivery-targets.sql reads as well. pgTyped sees every column of\n-- a view as nullable: \"!\" marks the contexts columns that are NOT NULL; the batch's are null\n-- without one.\nSELECT r.id AS \"id!\", r.agent_id AS \"agent_id!\", r.context_hash AS \"context_hash!\",\n       r.signature AS \"signature!\", r.created_at AS \"created_at!\", r.sequence,\n       r.prev_entry_hash, r.entry_hash, r.canonical_data, r.data_erased_at, r.merkle_proof,\n       r.leaf_index, r.anchor_id, r.transaction_hash, r.block_number, r.block_timestamp,\n       r.confirmations, r.network, r.gas_used, r.confirmed_at, r.merkle_root, r.chain_id,\n       r.registry_address, r.tree_size::text AS tree_size\n  FROM ctxlog_context_references AS r\n WHERE r.id = ANY(:ids!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * -- What a reference needs of its context and the batch it was confirmed in: the view
 * -- ctxlog_context_references (migration 20261201040000_confirmed_contexts_name_their_anchor_by_ref),
 * -- which the webhook worker's load-delivery-targets.sql reads as well. pgTyped sees every column of
 * -- a view as nullable: "!" marks the contexts columns that are NOT NULL; the batch's are null
 * -- without one.
 * SELECT r.id AS "id!", r.agent_id AS "agent_id!", r.context_hash AS "context_hash!",
 *        r.signature AS "signature!", r.created_at AS "created_at!", r.sequence,
 *        r.prev_entry_hash, r.entry_hash, r.canonical_data, r.data_erased_at, r.merkle_proof,
 *        r.leaf_index, r.anchor_id, r.transaction_hash, r.block_number, r.block_timestamp,
 *        r.confirmations, r.network, r.gas_used, r.confirmed_at, r.merkle_root, r.chain_id,
 *        r.registry_address, r.tree_size::text AS tree_size
 *   FROM ctxlog_context_references AS r
 *  WHERE r.id = ANY(:ids!::text[])
 * ```
 */
export const referencedContextsOf = new PreparedQuery<IReferencedContextsOfParams,IReferencedContextsOfResult>(referencedContextsOfIR);


