/** Types generated for queries found in "packages/db/src/data-steps/event-forms.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'EventsInOlderForms' parameters type */
export interface IEventsInOlderFormsParams {
  after: string;
  confirmedReference: string;
  createdMark: string;
  events: stringArray;
  limit: NumberOrString;
}

/** 'EventsInOlderForms' return type */
export interface IEventsInOlderFormsResult {
  context_id: string;
  created_at: Date;
  event: string;
  id: string;
  /** The event as stored (packages/core/src/event-references.ts): ~C<tx>,<estimate ms> for a context.created of a context, ~A for a context.confirmed of a context, else the envelope sent */
  payload: string;
}

/** 'EventsInOlderForms' query type */
export interface IEventsInOlderFormsQuery {
  params: IEventsInOlderFormsParams;
  result: IEventsInOlderFormsResult;
}

const eventsInOlderFormsIR: any = {"usedParamSet":{"events":true,"confirmedReference":true,"createdMark":true,"after":true,"limit":true},"params":[{"name":"events","required":true,"transform":{"type":"scalar"},"locs":[{"a":284,"b":291}]},{"name":"confirmedReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":347,"b":366}]},{"name":"createdMark","required":true,"transform":{"type":"scalar"},"locs":[{"a":392,"b":404}]},{"name":"after","required":true,"transform":{"type":"scalar"},"locs":[{"a":418,"b":424}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":446,"b":452}]}],"statement":"-- schema: 20261129200000_one_event_form (its step runs right after it: docs/sql.md)\n-- a page of the events of a context not yet in their one form (event-references.ts), by id\nSELECT id, event, payload, context_id AS \"context_id!\", created_at\n  FROM outbox_events\n WHERE event = ANY(:events!::text[]) AND context_id IS NOT NULL\n   AND payload <> :confirmedReference! AND left(payload, 2) <> :createdMark!\n   AND id > :after!\n ORDER BY id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- schema: 20261129200000_one_event_form (its step runs right after it: docs/sql.md)
 * -- a page of the events of a context not yet in their one form (event-references.ts), by id
 * SELECT id, event, payload, context_id AS "context_id!", created_at
 *   FROM outbox_events
 *  WHERE event = ANY(:events!::text[]) AND context_id IS NOT NULL
 *    AND payload <> :confirmedReference! AND left(payload, 2) <> :createdMark!
 *    AND id > :after!
 *  ORDER BY id
 *  LIMIT :limit!
 * ```
 */
export const eventsInOlderForms = new PreparedQuery<IEventsInOlderFormsParams,IEventsInOlderFormsResult>(eventsInOlderFormsIR);


/** 'KeepEventForms' parameters type */
export interface IKeepEventFormsParams {
  ids: stringArray;
  payloads: stringArray;
}

/** 'KeepEventForms' return type */
export type IKeepEventFormsResult = void;

/** 'KeepEventForms' query type */
export interface IKeepEventFormsQuery {
  params: IKeepEventFormsParams;
  result: IKeepEventFormsResult;
}

const keepEventFormsIR: any = {"usedParamSet":{"ids":true,"payloads":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":64,"b":68}]},{"name":"payloads","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":88}]}],"statement":"UPDATE outbox_events AS e SET payload = r.payload\n  FROM unnest(:ids!::text[], :payloads!::text[]) AS r(id, payload)\n WHERE e.id = r.id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE outbox_events AS e SET payload = r.payload
 *   FROM unnest(:ids!::text[], :payloads!::text[]) AS r(id, payload)
 *  WHERE e.id = r.id
 * ```
 */
export const keepEventForms = new PreparedQuery<IKeepEventFormsParams,IKeepEventFormsResult>(keepEventFormsIR);


/** 'ContextsOfOlderForms' parameters type */
export interface IContextsOfOlderFormsParams {
  ids: stringArray;
}

/** 'ContextsOfOlderForms' return type */
export interface IContextsOfOlderFormsResult {
  agent_id: string;
  anchor_id: string | null;
  block_number: string | null;
  block_timestamp: Date | null;
  canonical_data: Buffer | null;
  chain_id: number | null;
  confirmations: number | null;
  confirmed_at: Date | null;
  context_hash: string;
  created_at: Date;
  data_erased_at: Date | null;
  entry_hash: string | null;
  gas_used: string | null;
  id: string;
  leaf_index: number | null;
  merkle_proof: Buffer | null;
  merkle_root: string | null;
  network: string | null;
  prev_entry_hash: string | null;
  registry_address: string | null;
  sequence: number | null;
  signature: string;
  transaction_hash: string | null;
  tree_size: string | null;
}

/** 'ContextsOfOlderForms' query type */
export interface IContextsOfOlderFormsQuery {
  params: IContextsOfOlderFormsParams;
  result: IContextsOfOlderFormsResult;
}

const contextsOfOlderFormsIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":1827,"b":1831}]}],"statement":"-- What the events' references render from (@ctxlog/core event-references): each context and the\n-- batch it was confirmed in. The readers of today read it through the view\n-- ctxlog_context_references, which a later migration (20261130005000_context_references) creates:\n-- this step runs at its own migration's schema, so it reads the same columns from the tables.\n-- There the anchor's transaction hash and root are the 0x-hex text the service wrote; migration\n-- 20261130031500_anchor_hashes_as_bytes stores them as bytes later, whose ::text is \\x and the same\n-- 64 hex digits. So each is read as 0x and its last 64 characters: the same 0x-hex on either schema,\n-- as the stored events named them, and a string to pgTyped (null stays null).\nSELECT c.id, c.agent_id, ctxlog_hex(c.context_hash) AS \"context_hash!\",\n       ctxlog_hex(c.signature) AS \"signature!\", c.created_at, c.sequence,\n       ctxlog_hex(c.prev_entry_hash) AS prev_entry_hash, ctxlog_hex(c.entry_hash) AS entry_hash,\n       c.canonical_data, c.data_erased_at,\n       ctxlog_merkle_proof(a.merkle_tree, a.context_count, m.leaf_index) AS merkle_proof,\n       m.leaf_index AS \"leaf_index?\",\n       a.id AS \"anchor_id?\", '0x' || right(a.transaction_hash::text, 64) AS transaction_hash, a.block_number::text AS block_number, a.block_timestamp,\n       a.confirmations, a.network AS \"network?\", a.gas_used::text AS gas_used, a.confirmed_at, '0x' || right(a.merkle_root::text, 64) AS \"merkle_root?\",\n       a.chain_id AS \"chain_id?\", a.registry_address AS \"registry_address?\",\n       -- anchors of the log's tree head came later (20261130062000): these are batches' trees\n       NULL::text AS tree_size\n  FROM contexts AS c\n  LEFT JOIN confirmed_contexts AS m ON m.id = c.id\n  LEFT JOIN anchors AS a ON a.id = COALESCE(m.anchor_id, c.anchor_id)\n WHERE c.id = ANY(:ids!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * -- What the events' references render from (@ctxlog/core event-references): each context and the
 * -- batch it was confirmed in. The readers of today read it through the view
 * -- ctxlog_context_references, which a later migration (20261130005000_context_references) creates:
 * -- this step runs at its own migration's schema, so it reads the same columns from the tables.
 * -- There the anchor's transaction hash and root are the 0x-hex text the service wrote; migration
 * -- 20261130031500_anchor_hashes_as_bytes stores them as bytes later, whose ::text is \x and the same
 * -- 64 hex digits. So each is read as 0x and its last 64 characters: the same 0x-hex on either schema,
 * -- as the stored events named them, and a string to pgTyped (null stays null).
 * SELECT c.id, c.agent_id, ctxlog_hex(c.context_hash) AS "context_hash!",
 *        ctxlog_hex(c.signature) AS "signature!", c.created_at, c.sequence,
 *        ctxlog_hex(c.prev_entry_hash) AS prev_entry_hash, ctxlog_hex(c.entry_hash) AS entry_hash,
 *        c.canonical_data, c.data_erased_at,
 *        ctxlog_merkle_proof(a.merkle_tree, a.context_count, m.leaf_index) AS merkle_proof,
 *        m.leaf_index AS "leaf_index?",
 *        a.id AS "anchor_id?", '0x' || right(a.transaction_hash::text, 64) AS transaction_hash, a.block_number::text AS block_number, a.block_timestamp,
 *        a.confirmations, a.network AS "network?", a.gas_used::text AS gas_used, a.confirmed_at, '0x' || right(a.merkle_root::text, 64) AS "merkle_root?",
 *        a.chain_id AS "chain_id?", a.registry_address AS "registry_address?",
 *        -- anchors of the log's tree head came later (20261130062000): these are batches' trees
 *        NULL::text AS tree_size
 *   FROM contexts AS c
 *   LEFT JOIN confirmed_contexts AS m ON m.id = c.id
 *   LEFT JOIN anchors AS a ON a.id = COALESCE(m.anchor_id, c.anchor_id)
 *  WHERE c.id = ANY(:ids!::text[])
 * ```
 */
export const contextsOfOlderForms = new PreparedQuery<IContextsOfOlderFormsParams,IContextsOfOlderFormsResult>(contextsOfOlderFormsIR);


