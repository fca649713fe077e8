/** Types generated for queries found in "packages/db/src/webhooks/load-delivery-targets.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DeliveryStatus = 'failed' | 'pending' | 'succeeded';

export type stringArray = (string)[];

/** 'DeliveryTargetsOf' parameters type */
export interface IDeliveryTargetsOfParams {
  eventIds: stringArray;
  hi: string;
  lo: string;
  webhookIds: stringArray;
}

/** 'DeliveryTargetsOf' return type */
export interface IDeliveryTargetsOfResult {
  agent_id: string | null;
  anchor_id: string | null;
  attempts: number;
  block_number: string | null;
  block_timestamp: Date | null;
  canonical_data: Buffer | null;
  chain_id: number | null;
  confirmations: number | null;
  confirmed_at: Date | null;
  context_hash: Buffer | null;
  context_id: string | null;
  created_at: Date | null;
  cycle: number;
  data_erased_at: Date | null;
  endpoint_state: string;
  entry_hash: Buffer | null;
  event: string;
  event_context_id: string | null;
  event_created_at: Date;
  event_id: string;
  gas_used: string | null;
  leaf_index: number | null;
  merkle_proof: Buffer | null;
  merkle_root: Buffer | null;
  network: string | null;
  next_attempt_at: Date | null;
  /** The event as stored (packages/core/src/event-references.ts): ~C<tx>,<estimate ms> for a context.created of a context, ~A for a context.confirmed of a context, else the envelope sent */
  payload: string;
  prev_entry_hash: Buffer | null;
  previous_secret: string | null;
  previous_secret_key_id: string | null;
  rate_limit: number | null;
  registry_address: string | null;
  secret: string;
  secret_key_id: string;
  sequence: number | null;
  signature: Buffer | null;
  status: DeliveryStatus;
  transaction_hash: Buffer | null;
  tree_size: string | null;
  url: string;
  webhook_id: string;
}

/** 'DeliveryTargetsOf' query type */
export interface IDeliveryTargetsOfQuery {
  params: IDeliveryTargetsOfParams;
  result: IDeliveryTargetsOfResult;
}

const deliveryTargetsOfIR: any = {"usedParamSet":{"webhookIds":true,"eventIds":true,"lo":true,"hi":true},"params":[{"name":"webhookIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":1709,"b":1720}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":1731,"b":1740}]},{"name":"lo","required":true,"transform":{"type":"scalar"},"locs":[{"a":2116,"b":2119},{"a":2147,"b":2150}]},{"name":"hi","required":true,"transform":{"type":"scalar"},"locs":[{"a":2125,"b":2128},{"a":2156,"b":2159}]}],"statement":"-- Everything one attempt needs of each delivery of a batch, in one statement (the worker's hot\n-- path): the delivery, its webhook, its event's stored payload and, when that payload is a\n-- reference, what it is rendered from (ctxlog_context_references, migration\n-- 20261201040000_confirmed_contexts_name_their_anchor_by_ref, and ctxlog_event_is_reference,\n-- migration 20261130005000_context_references; the planner inlines both). Deliveries are found by\n-- their key (webhook_ref, event_id) through their webhook's id, and the bounds on the event id plan\n-- the statement for the batch's days alone (event-id-bounds.ts).\nSELECT w.id AS \"webhook_id!\", d.event_id AS \"event_id!\", e.event AS \"event!\",\n       d.status AS \"status!\", d.attempts AS \"attempts!\", d.cycle AS \"cycle!\", d.next_attempt_at,\n       w.url, w.secret, w.secret_key_id,\n       CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret END AS previous_secret,\n       w.previous_secret_key_id,\n       ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) AS \"endpoint_state!\",\n       w.rate_limit,\n       e.payload AS \"payload!\", e.context_id AS event_context_id, e.created_at AS \"event_created_at!\",\n       -- the reference's context: null for an envelope, or a context that is gone\n       r.id AS context_id, r.agent_id, r.context_hash, r.signature, r.created_at, r.sequence,\n       r.prev_entry_hash, r.entry_hash, r.canonical_data, r.data_erased_at, r.merkle_proof,\n       r.leaf_index, r.anchor_id, r.transaction_hash, r.block_number, r.block_timestamp,\n       r.confirmations, r.network, r.gas_used, r.confirmed_at, r.merkle_root, r.chain_id,\n       r.registry_address, r.tree_size::text AS tree_size\n  FROM unnest(:webhookIds!::text[], :eventIds!::text[]) AS k(webhook_id, event_id)\n  JOIN webhooks AS w ON w.id = k.webhook_id\n  JOIN webhook_deliveries AS d ON d.webhook_ref = w.ref AND d.event_id = k.event_id\n  JOIN outbox_events AS e ON e.user_id = w.user_id AND e.id = d.event_id\n  LEFT JOIN ctxlog_context_references AS r\n    ON r.id = e.context_id AND ctxlog_event_is_reference(e.payload)\n WHERE d.event_id BETWEEN :lo! AND :hi! AND e.id BETWEEN :lo! AND :hi!"};

/**
 * Query generated from SQL:
 * ```
 * -- Everything one attempt needs of each delivery of a batch, in one statement (the worker's hot
 * -- path): the delivery, its webhook, its event's stored payload and, when that payload is a
 * -- reference, what it is rendered from (ctxlog_context_references, migration
 * -- 20261201040000_confirmed_contexts_name_their_anchor_by_ref, and ctxlog_event_is_reference,
 * -- migration 20261130005000_context_references; the planner inlines both). Deliveries are found by
 * -- their key (webhook_ref, event_id) through their webhook's id, and the bounds on the event id plan
 * -- the statement for the batch's days alone (event-id-bounds.ts).
 * SELECT w.id AS "webhook_id!", d.event_id AS "event_id!", e.event AS "event!",
 *        d.status AS "status!", d.attempts AS "attempts!", d.cycle AS "cycle!", d.next_attempt_at,
 *        w.url, w.secret, w.secret_key_id,
 *        CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret END AS previous_secret,
 *        w.previous_secret_key_id,
 *        ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) AS "endpoint_state!",
 *        w.rate_limit,
 *        e.payload AS "payload!", e.context_id AS event_context_id, e.created_at AS "event_created_at!",
 *        -- the reference's context: null for an envelope, or a context that is gone
 *        r.id AS context_id, r.agent_id, r.context_hash, r.signature, r.created_at, r.sequence,
 *        r.prev_entry_hash, r.entry_hash, r.canonical_data, r.data_erased_at, r.merkle_proof,
 *        r.leaf_index, r.anchor_id, r.transaction_hash, r.block_number, r.block_timestamp,
 *        r.confirmations, r.network, r.gas_used, r.confirmed_at, r.merkle_root, r.chain_id,
 *        r.registry_address, r.tree_size::text AS tree_size
 *   FROM unnest(:webhookIds!::text[], :eventIds!::text[]) AS k(webhook_id, event_id)
 *   JOIN webhooks AS w ON w.id = k.webhook_id
 *   JOIN webhook_deliveries AS d ON d.webhook_ref = w.ref AND d.event_id = k.event_id
 *   JOIN outbox_events AS e ON e.user_id = w.user_id AND e.id = d.event_id
 *   LEFT JOIN ctxlog_context_references AS r
 *     ON r.id = e.context_id AND ctxlog_event_is_reference(e.payload)
 *  WHERE d.event_id BETWEEN :lo! AND :hi! AND e.id BETWEEN :lo! AND :hi!
 * ```
 */
export const deliveryTargetsOf = new PreparedQuery<IDeliveryTargetsOfParams,IDeliveryTargetsOfResult>(deliveryTargetsOfIR);


