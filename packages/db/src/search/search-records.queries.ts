/** Types generated for queries found in "packages/db/src/search/search-records.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'ContextsByContextHash' parameters type */
export interface IContextsByContextHashParams {
  hash: Buffer;
  limit: NumberOrString;
  userId: string;
}

/** 'ContextsByContextHash' return type */
export interface IContextsByContextHashResult {
  id: string;
}

/** 'ContextsByContextHash' query type */
export interface IContextsByContextHashQuery {
  params: IContextsByContextHashParams;
  result: IContextsByContextHashResult;
}

const contextsByContextHashIR: any = {"usedParamSet":{"hash":true,"userId":true,"limit":true},"params":[{"name":"hash","required":true,"transform":{"type":"scalar"},"locs":[{"a":54,"b":59}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":82}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":102,"b":108}]}],"statement":"SELECT id AS \"id!\" FROM contexts WHERE context_hash = :hash! AND user_id = :userId! ORDER BY id LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "id!" FROM contexts WHERE context_hash = :hash! AND user_id = :userId! ORDER BY id LIMIT :limit!
 * ```
 */
export const contextsByContextHash = new PreparedQuery<IContextsByContextHashParams,IContextsByContextHashResult>(contextsByContextHashIR);


/** 'ContextsByEntryHash' parameters type */
export interface IContextsByEntryHashParams {
  hash: Buffer;
  limit: NumberOrString;
  userId: string;
}

/** 'ContextsByEntryHash' return type */
export interface IContextsByEntryHashResult {
  id: string;
}

/** 'ContextsByEntryHash' query type */
export interface IContextsByEntryHashQuery {
  params: IContextsByEntryHashParams;
  result: IContextsByEntryHashResult;
}

const contextsByEntryHashIR: any = {"usedParamSet":{"hash":true,"userId":true,"limit":true},"params":[{"name":"hash","required":true,"transform":{"type":"scalar"},"locs":[{"a":52,"b":57}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":80}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":100,"b":106}]}],"statement":"SELECT id AS \"id!\" FROM contexts WHERE entry_hash = :hash! AND user_id = :userId! ORDER BY id LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "id!" FROM contexts WHERE entry_hash = :hash! AND user_id = :userId! ORDER BY id LIMIT :limit!
 * ```
 */
export const contextsByEntryHash = new PreparedQuery<IContextsByEntryHashParams,IContextsByEntryHashResult>(contextsByEntryHashIR);


/** 'ContextsByTransaction' parameters type */
export interface IContextsByTransactionParams {
  limit: NumberOrString;
  transactionHash: Buffer;
  userId: string;
}

/** 'ContextsByTransaction' return type */
export interface IContextsByTransactionResult {
  id: string;
}

/** 'ContextsByTransaction' query type */
export interface IContextsByTransactionQuery {
  params: IContextsByTransactionParams;
  result: IContextsByTransactionResult;
}

const contextsByTransactionIR: any = {"usedParamSet":{"transactionHash":true,"userId":true,"limit":true},"params":[{"name":"transactionHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":234,"b":250}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":273,"b":280}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":304,"b":310}]}],"statement":"-- a context's transaction is its batch's: the anchor (by its own index), then its rows by id\nSELECT c.id AS \"id!\"\n  FROM contexts AS c\n WHERE c.id = ANY(ARRAY(SELECT unnest(a.context_ids) FROM anchors AS a WHERE a.transaction_hash = :transactionHash!))\n   AND c.user_id = :userId!\n ORDER BY c.id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- a context's transaction is its batch's: the anchor (by its own index), then its rows by id
 * SELECT c.id AS "id!"
 *   FROM contexts AS c
 *  WHERE c.id = ANY(ARRAY(SELECT unnest(a.context_ids) FROM anchors AS a WHERE a.transaction_hash = :transactionHash!))
 *    AND c.user_id = :userId!
 *  ORDER BY c.id
 *  LIMIT :limit!
 * ```
 */
export const contextsByTransaction = new PreparedQuery<IContextsByTransactionParams,IContextsByTransactionResult>(contextsByTransactionIR);


/** 'ContextById' parameters type */
export interface IContextByIdParams {
  id: string;
  userId: string;
}

/** 'ContextById' return type */
export interface IContextByIdResult {
  id: string;
}

/** 'ContextById' query type */
export interface IContextByIdQuery {
  params: IContextByIdParams;
  result: IContextByIdResult;
}

const contextByIdIR: any = {"usedParamSet":{"id":true,"userId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":44,"b":47}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":63,"b":70}]}],"statement":"SELECT id AS \"id!\" FROM contexts WHERE id = :id! AND user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "id!" FROM contexts WHERE id = :id! AND user_id = :userId!
 * ```
 */
export const contextById = new PreparedQuery<IContextByIdParams,IContextByIdResult>(contextByIdIR);


/** 'LiveWebhookById' parameters type */
export interface ILiveWebhookByIdParams {
  id: string;
  userId: string;
}

/** 'LiveWebhookById' return type */
export interface ILiveWebhookByIdResult {
  id: string;
}

/** 'LiveWebhookById' query type */
export interface ILiveWebhookByIdQuery {
  params: ILiveWebhookByIdParams;
  result: ILiveWebhookByIdResult;
}

const liveWebhookByIdIR: any = {"usedParamSet":{"id":true,"userId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":44,"b":47}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":63,"b":70}]}],"statement":"SELECT id AS \"id!\" FROM webhooks WHERE id = :id! AND user_id = :userId! AND deleted_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "id!" FROM webhooks WHERE id = :id! AND user_id = :userId! AND deleted_at IS NULL
 * ```
 */
export const liveWebhookById = new PreparedQuery<ILiveWebhookByIdParams,ILiveWebhookByIdResult>(liveWebhookByIdIR);


/** 'DeliveryById' parameters type */
export interface IDeliveryByIdParams {
  eventId: string;
  userId: string;
}

/** 'DeliveryById' return type */
export interface IDeliveryByIdResult {
  webhookId: string;
}

/** 'DeliveryById' query type */
export interface IDeliveryByIdQuery {
  params: IDeliveryByIdParams;
  result: IDeliveryByIdResult;
}

const deliveryByIdIR: any = {"usedParamSet":{"eventId":true,"userId":true},"params":[{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":296,"b":304}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":380,"b":387}]}],"statement":"-- its event's deliveries to the user's live webhooks, by their key (webhook_ref, event_id): a\n-- delivery's id is its event's (delivery-key.ts), the same at each webhook\nSELECT w.id AS \"webhookId!\"\n  FROM webhook_deliveries AS d\n  JOIN webhooks AS w ON w.ref = d.webhook_ref\n WHERE d.event_id = :eventId!\n   AND d.webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = :userId! AND deleted_at IS NULL))\n ORDER BY w.id"};

/**
 * Query generated from SQL:
 * ```
 * -- its event's deliveries to the user's live webhooks, by their key (webhook_ref, event_id): a
 * -- delivery's id is its event's (delivery-key.ts), the same at each webhook
 * SELECT w.id AS "webhookId!"
 *   FROM webhook_deliveries AS d
 *   JOIN webhooks AS w ON w.ref = d.webhook_ref
 *  WHERE d.event_id = :eventId!
 *    AND d.webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = :userId! AND deleted_at IS NULL))
 *  ORDER BY w.id
 * ```
 */
export const deliveryById = new PreparedQuery<IDeliveryByIdParams,IDeliveryByIdResult>(deliveryByIdIR);


/** 'EventById' parameters type */
export interface IEventByIdParams {
  id: string;
  userId: string;
}

/** 'EventById' return type */
export interface IEventByIdResult {
  id: string;
}

/** 'EventById' query type */
export interface IEventByIdQuery {
  params: IEventByIdParams;
  result: IEventByIdResult;
}

const eventByIdIR: any = {"usedParamSet":{"id":true,"userId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":49,"b":52}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":75}]}],"statement":"SELECT id AS \"id!\" FROM outbox_events WHERE id = :id! AND user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "id!" FROM outbox_events WHERE id = :id! AND user_id = :userId!
 * ```
 */
export const eventById = new PreparedQuery<IEventByIdParams,IEventByIdResult>(eventByIdIR);


/** 'VerificationById' parameters type */
export interface IVerificationByIdParams {
  id: string;
  userId: string;
}

/** 'VerificationById' return type */
export interface IVerificationByIdResult {
  id: string;
}

/** 'VerificationById' query type */
export interface IVerificationByIdQuery {
  params: IVerificationByIdParams;
  result: IVerificationByIdResult;
}

const verificationByIdIR: any = {"usedParamSet":{"id":true,"userId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":49,"b":52}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":68,"b":75}]}],"statement":"SELECT id AS \"id!\" FROM verifications WHERE id = :id! AND user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id AS "id!" FROM verifications WHERE id = :id! AND user_id = :userId!
 * ```
 */
export const verificationById = new PreparedQuery<IVerificationByIdParams,IVerificationByIdResult>(verificationByIdIR);


/** 'TraceById' parameters type */
export interface ITraceByIdParams {
  traceId: string;
  userId: string;
}

/** 'TraceById' return type */
export interface ITraceByIdResult {
  contextId: string;
}

/** 'TraceById' query type */
export interface ITraceByIdQuery {
  params: ITraceByIdParams;
  result: ITraceByIdResult;
}

const traceByIdIR: any = {"usedParamSet":{"userId":true,"traceId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":153,"b":160}]},{"name":"traceId","required":true,"transform":{"type":"scalar"},"locs":[{"a":177,"b":185}]}],"statement":"-- the trace's first context (ids are time-ordered): its page shows the whole trace\nSELECT context_id AS \"contextId!\"\n  FROM otel_spans\n WHERE user_id = :userId! AND trace_id = :traceId!\n ORDER BY context_id\n LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * -- the trace's first context (ids are time-ordered): its page shows the whole trace
 * SELECT context_id AS "contextId!"
 *   FROM otel_spans
 *  WHERE user_id = :userId! AND trace_id = :traceId!
 *  ORDER BY context_id
 *  LIMIT 1
 * ```
 */
export const traceById = new PreparedQuery<ITraceByIdParams,ITraceByIdResult>(traceByIdIR);


/** 'AgentsByPrefix' parameters type */
export interface IAgentsByPrefixParams {
  limit: NumberOrString;
  prefix: string;
  userId: string;
}

/** 'AgentsByPrefix' return type */
export interface IAgentsByPrefixResult {
  agentId: string;
}

/** 'AgentsByPrefix' query type */
export interface IAgentsByPrefixQuery {
  params: IAgentsByPrefixParams;
  result: IAgentsByPrefixResult;
}

const agentsByPrefixIR: any = {"usedParamSet":{"userId":true,"prefix":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":263,"b":270}]},{"name":"prefix","required":true,"transform":{"type":"scalar"},"locs":[{"a":311,"b":318}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":348,"b":354}]}],"statement":"-- the user's agents whose id starts with the query, case aside: one scan of the user's agent logs\n-- (one row per agent, its primary key (user_id, agent_id)), so it grows with agents, not contexts\nSELECT agent_id AS \"agentId!\"\n  FROM agent_logs\n WHERE user_id = :userId! AND starts_with(lower(agent_id), lower(:prefix!))\n ORDER BY agent_id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- the user's agents whose id starts with the query, case aside: one scan of the user's agent logs
 * -- (one row per agent, its primary key (user_id, agent_id)), so it grows with agents, not contexts
 * SELECT agent_id AS "agentId!"
 *   FROM agent_logs
 *  WHERE user_id = :userId! AND starts_with(lower(agent_id), lower(:prefix!))
 *  ORDER BY agent_id
 *  LIMIT :limit!
 * ```
 */
export const agentsByPrefix = new PreparedQuery<IAgentsByPrefixParams,IAgentsByPrefixResult>(agentsByPrefixIR);


