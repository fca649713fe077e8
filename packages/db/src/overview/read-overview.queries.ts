/** Types generated for queries found in "packages/db/src/overview/read-overview.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type AnchorStatus = 'confirmed' | 'failed' | 'mined' | 'queued' | 'sent';

export type AnchorStatusArray = (AnchorStatus)[];

export type DateOrString = Date | string;

/** 'ContextsByStatusOf' parameters type */
export interface IContextsByStatusOfParams {
  userId: string;
}

/** 'ContextsByStatusOf' return type */
export interface IContextsByStatusOfResult {
  n: string;
  status: string;
}

/** 'ContextsByStatusOf' query type */
export interface IContextsByStatusOfQuery {
  params: IContextsByStatusOfParams;
  result: IContextsByStatusOfResult;
}

const contextsByStatusOfIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":333,"b":340}]}],"statement":"-- each context's status as ctxlog_context_status says (the one definition), counted in one scan of\n-- the user's rows (user_id, id) with the queue probed as a hashed subplan\nSELECT s.status::text AS \"status!\", count(*) AS \"n!\"\n  FROM contexts AS c CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s\n WHERE c.user_id = :userId!\n GROUP BY 1"};

/**
 * Query generated from SQL:
 * ```
 * -- each context's status as ctxlog_context_status says (the one definition), counted in one scan of
 * -- the user's rows (user_id, id) with the queue probed as a hashed subplan
 * SELECT s.status::text AS "status!", count(*) AS "n!"
 *   FROM contexts AS c CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 *  WHERE c.user_id = :userId!
 *  GROUP BY 1
 * ```
 */
export const contextsByStatusOf = new PreparedQuery<IContextsByStatusOfParams,IContextsByStatusOfResult>(contextsByStatusOfIR);


/** 'ContextsPerMinuteOf' parameters type */
export interface IContextsPerMinuteOfParams {
  idFrom: string;
  userId: string;
}

/** 'ContextsPerMinuteOf' return type */
export interface IContextsPerMinuteOfResult {
  minute: Date;
  n: string;
}

/** 'ContextsPerMinuteOf' query type */
export interface IContextsPerMinuteOfQuery {
  params: IContextsPerMinuteOfParams;
  result: IContextsPerMinuteOfResult;
}

const contextsPerMinuteOfIR: any = {"usedParamSet":{"userId":true,"idFrom":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":104,"b":111}]},{"name":"idFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":123,"b":130}]}],"statement":"SELECT date_trunc('minute', created_at) AS \"minute!\", count(*) AS \"n!\"\n  FROM contexts\n WHERE user_id = :userId! AND id >= :idFrom!\n GROUP BY 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT date_trunc('minute', created_at) AS "minute!", count(*) AS "n!"
 *   FROM contexts
 *  WHERE user_id = :userId! AND id >= :idFrom!
 *  GROUP BY 1
 * ```
 */
export const contextsPerMinuteOf = new PreparedQuery<IContextsPerMinuteOfParams,IContextsPerMinuteOfResult>(contextsPerMinuteOfIR);


/** 'AverageConfirmationOf' parameters type */
export interface IAverageConfirmationOfParams {
  confirmedSince: DateOrString;
  idFrom: string;
  userId: string;
}

/** 'AverageConfirmationOf' return type */
export interface IAverageConfirmationOfResult {
  avg: number | null;
}

/** 'AverageConfirmationOf' query type */
export interface IAverageConfirmationOfQuery {
  params: IAverageConfirmationOfParams;
  result: IAverageConfirmationOfResult;
}

const averageConfirmationOfIR: any = {"usedParamSet":{"userId":true,"idFrom":true,"confirmedSince":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":532,"b":539}]},{"name":"idFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":583,"b":590}]},{"name":"confirmedSince","required":true,"transform":{"type":"scalar"},"locs":[{"a":617,"b":632}]}],"statement":"-- each context's confirmation time as its record shows it (context-view.ts): its anchor's\n-- confirmation less its own receipt, in whole seconds, for the confirmed ones\n-- (ctxlog_context_status); its batch is the one it was confirmed in (confirmed_contexts)\nSELECT avg(ctxlog_confirmation_seconds(c.created_at, a.confirmed_at))::float8 AS avg\n  FROM contexts c\n CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s\n  JOIN confirmed_contexts m ON m.id = c.id\n  JOIN anchors a ON a.ref = m.anchor_ref\n WHERE c.user_id = :userId! AND s.status = 'confirmed'\n   AND c.id >= :idFrom!\n   AND a.confirmed_at >= :confirmedSince!::timestamptz"};

/**
 * Query generated from SQL:
 * ```
 * -- each context's confirmation time as its record shows it (context-view.ts): its anchor's
 * -- confirmation less its own receipt, in whole seconds, for the confirmed ones
 * -- (ctxlog_context_status); its batch is the one it was confirmed in (confirmed_contexts)
 * SELECT avg(ctxlog_confirmation_seconds(c.created_at, a.confirmed_at))::float8 AS avg
 *   FROM contexts c
 *  CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 *   JOIN confirmed_contexts m ON m.id = c.id
 *   JOIN anchors a ON a.ref = m.anchor_ref
 *  WHERE c.user_id = :userId! AND s.status = 'confirmed'
 *    AND c.id >= :idFrom!
 *    AND a.confirmed_at >= :confirmedSince!::timestamptz
 * ```
 */
export const averageConfirmationOf = new PreparedQuery<IAverageConfirmationOfParams,IAverageConfirmationOfResult>(averageConfirmationOfIR);


/** 'AnchorsIn' parameters type */
export interface IAnchorsInParams {
  statuses: AnchorStatusArray;
}

/** 'AnchorsIn' return type */
export interface IAnchorsInResult {
  n: string;
}

/** 'AnchorsIn' query type */
export interface IAnchorsInQuery {
  params: IAnchorsInParams;
  result: IAnchorsInResult;
}

const anchorsInIR: any = {"usedParamSet":{"statuses":true},"params":[{"name":"statuses","required":true,"transform":{"type":"scalar"},"locs":[{"a":56,"b":65}]}],"statement":"SELECT count(*) AS \"n!\" FROM anchors WHERE status = ANY(:statuses!::\"AnchorStatus\"[])"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*) AS "n!" FROM anchors WHERE status = ANY(:statuses!::"AnchorStatus"[])
 * ```
 */
export const anchorsIn = new PreparedQuery<IAnchorsInParams,IAnchorsInResult>(anchorsInIR);


/** 'ChainStatusOf' parameters type */
export interface IChainStatusOfParams {
  network: string;
}

/** 'ChainStatusOf' return type */
export interface IChainStatusOfResult {
  chain_id: number;
  head_block: string;
}

/** 'ChainStatusOf' query type */
export interface IChainStatusOfQuery {
  params: IChainStatusOfParams;
  result: IChainStatusOfResult;
}

const chainStatusOfIR: any = {"usedParamSet":{"network":true},"params":[{"name":"network","required":true,"transform":{"type":"scalar"},"locs":[{"a":62,"b":70}]}],"statement":"SELECT chain_id, head_block FROM chain_status WHERE network = :network!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT chain_id, head_block FROM chain_status WHERE network = :network!
 * ```
 */
export const chainStatusOf = new PreparedQuery<IChainStatusOfParams,IChainStatusOfResult>(chainStatusOfIR);


/** 'WebhooksByStateOf' parameters type */
export interface IWebhooksByStateOfParams {
  userId: string;
}

/** 'WebhooksByStateOf' return type */
export interface IWebhooksByStateOfResult {
  n: string;
  state: string;
}

/** 'WebhooksByStateOf' query type */
export interface IWebhooksByStateOfQuery {
  params: IWebhooksByStateOfParams;
  result: IWebhooksByStateOfResult;
}

const webhooksByStateOfIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":124,"b":131}]}],"statement":"SELECT ctxlog_endpoint_state(status, disabled_at, deleted_at) AS \"state!\", count(*) AS \"n!\"\n  FROM webhooks WHERE user_id = :userId! AND deleted_at IS NULL GROUP BY 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT ctxlog_endpoint_state(status, disabled_at, deleted_at) AS "state!", count(*) AS "n!"
 *   FROM webhooks WHERE user_id = :userId! AND deleted_at IS NULL GROUP BY 1
 * ```
 */
export const webhooksByStateOf = new PreparedQuery<IWebhooksByStateOfParams,IWebhooksByStateOfResult>(webhooksByStateOfIR);


/** 'DeliveriesFailedSince' parameters type */
export interface IDeliveriesFailedSinceParams {
  createdFrom: string;
  eventIdFrom: string;
  since: DateOrString;
  userId: string;
}

/** 'DeliveriesFailedSince' return type */
export interface IDeliveriesFailedSinceResult {
  n: string;
}

/** 'DeliveriesFailedSince' query type */
export interface IDeliveriesFailedSinceQuery {
  params: IDeliveriesFailedSinceParams;
  result: IDeliveriesFailedSinceResult;
}

const deliveriesFailedSinceIR: any = {"usedParamSet":{"userId":true,"eventIdFrom":true,"since":true,"createdFrom":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":621,"b":628}]},{"name":"eventIdFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":675,"b":687}]},{"name":"since","required":true,"transform":{"type":"scalar"},"locs":[{"a":715,"b":721}]},{"name":"createdFrom","required":true,"transform":{"type":"scalar"},"locs":[{"a":781,"b":793}]}],"statement":"-- failed since `since`, as its last attempt says, or its event's time for one never attempted\n-- (:createdFrom, the event id floor of `since`: a delivery is created as its event is fanned out).\n-- A delivery fails at an attempt, or when its endpoint is disabled or deleted: then one never\n-- attempted was created seconds before, and one retrying was last attempted within its retries'\n-- hours. :eventIdFrom bounds the scan.\nSELECT count(*) AS \"n!\"\n  FROM webhooks w\n  JOIN webhook_deliveries d ON d.webhook_ref = w.ref\n  LEFT JOIN LATERAL ctxlog_last_attempt(d.event_id, d.webhook_ref) AS l ON true\n WHERE w.user_id = :userId! AND d.status = 'failed'\n   AND d.event_id >= :eventIdFrom!\n   AND (l.attempted_at >= :since!::timestamptz OR (l.attempted_at IS NULL AND d.event_id >= :createdFrom!))"};

/**
 * Query generated from SQL:
 * ```
 * -- failed since `since`, as its last attempt says, or its event's time for one never attempted
 * -- (:createdFrom, the event id floor of `since`: a delivery is created as its event is fanned out).
 * -- A delivery fails at an attempt, or when its endpoint is disabled or deleted: then one never
 * -- attempted was created seconds before, and one retrying was last attempted within its retries'
 * -- hours. :eventIdFrom bounds the scan.
 * SELECT count(*) AS "n!"
 *   FROM webhooks w
 *   JOIN webhook_deliveries d ON d.webhook_ref = w.ref
 *   LEFT JOIN LATERAL ctxlog_last_attempt(d.event_id, d.webhook_ref) AS l ON true
 *  WHERE w.user_id = :userId! AND d.status = 'failed'
 *    AND d.event_id >= :eventIdFrom!
 *    AND (l.attempted_at >= :since!::timestamptz OR (l.attempted_at IS NULL AND d.event_id >= :createdFrom!))
 * ```
 */
export const deliveriesFailedSince = new PreparedQuery<IDeliveriesFailedSinceParams,IDeliveriesFailedSinceResult>(deliveriesFailedSinceIR);


