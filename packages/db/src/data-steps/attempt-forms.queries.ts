/** Types generated for queries found in "packages/db/src/data-steps/attempt-forms.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'AttemptsInColumns' parameters type */
export interface IAttemptsInColumnsParams {
  cycle: number;
  deliveryId: string;
  eventId: string;
  limit: NumberOrString;
  number: number;
}

/** 'AttemptsInColumns' return type */
export interface IAttemptsInColumnsResult {
  cycle: number;
  delivery_id: string;
  event: string;
  event_id: string;
  number: number;
  request_headers: Json | null;
  request_url: Json | null;
  response_body_truncated: Json | null;
  response_headers: Json | null;
}

/** 'AttemptsInColumns' query type */
export interface IAttemptsInColumnsQuery {
  params: IAttemptsInColumnsParams;
  result: IAttemptsInColumnsResult;
}

const attemptsInColumnsIR: any = {"usedParamSet":{"deliveryId":true,"eventId":true,"cycle":true,"number":true,"limit":true},"params":[{"name":"deliveryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":868,"b":879}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":882,"b":890}]},{"name":"cycle","required":true,"transform":{"type":"scalar"},"locs":[{"a":893,"b":899}]},{"name":"number","required":true,"transform":{"type":"scalar"},"locs":[{"a":907,"b":914}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":984,"b":990}]}],"statement":"-- schema: 20261130171000_attempt_signatures_not_kept (the later of the two its steps run after:\n-- attempt_forms after 20261130003000_one_attempt_form, then attempt_signatures_not_kept; docs/sql.md)\n-- a page of the attempts kept in the four columns of the form before the exchange (read as the row's\n-- JSON: the columns are dropped by the migration after this step), in the order of webhook_attempts' key\nSELECT a.event_id, a.delivery_id, a.cycle, a.number, e.event,\n       to_jsonb(a) -> 'request_url' AS request_url, to_jsonb(a) -> 'request_headers' AS request_headers,\n       to_jsonb(a) -> 'response_headers' AS response_headers,\n       to_jsonb(a) -> 'response_body_truncated' AS response_body_truncated\n  FROM webhook_attempts AS a\n  JOIN outbox_events AS e ON e.id = a.event_id\n WHERE a.exchange IS NULL AND (a.delivery_id, a.event_id, a.cycle, a.number) > (:deliveryId!, :eventId!, :cycle!::int, :number!::int)\n ORDER BY a.delivery_id, a.event_id, a.cycle, a.number\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- schema: 20261130171000_attempt_signatures_not_kept (the later of the two its steps run after:
 * -- attempt_forms after 20261130003000_one_attempt_form, then attempt_signatures_not_kept; docs/sql.md)
 * -- a page of the attempts kept in the four columns of the form before the exchange (read as the row's
 * -- JSON: the columns are dropped by the migration after this step), in the order of webhook_attempts' key
 * SELECT a.event_id, a.delivery_id, a.cycle, a.number, e.event,
 *        to_jsonb(a) -> 'request_url' AS request_url, to_jsonb(a) -> 'request_headers' AS request_headers,
 *        to_jsonb(a) -> 'response_headers' AS response_headers,
 *        to_jsonb(a) -> 'response_body_truncated' AS response_body_truncated
 *   FROM webhook_attempts AS a
 *   JOIN outbox_events AS e ON e.id = a.event_id
 *  WHERE a.exchange IS NULL AND (a.delivery_id, a.event_id, a.cycle, a.number) > (:deliveryId!, :eventId!, :cycle!::int, :number!::int)
 *  ORDER BY a.delivery_id, a.event_id, a.cycle, a.number
 *  LIMIT :limit!
 * ```
 */
export const attemptsInColumns = new PreparedQuery<IAttemptsInColumnsParams,IAttemptsInColumnsResult>(attemptsInColumnsIR);


/** 'AttemptExchanges' parameters type */
export interface IAttemptExchangesParams {
  cycle: number;
  deliveryId: string;
  eventId: string;
  limit: NumberOrString;
  number: number;
}

/** 'AttemptExchanges' return type */
export interface IAttemptExchangesResult {
  cycle: number;
  delivery_id: string;
  event: string;
  event_id: string;
  exchange: Buffer;
  number: number;
}

/** 'AttemptExchanges' query type */
export interface IAttemptExchangesQuery {
  params: IAttemptExchangesParams;
  result: IAttemptExchangesResult;
}

const attemptExchangesIR: any = {"usedParamSet":{"deliveryId":true,"eventId":true,"cycle":true,"number":true,"limit":true},"params":[{"name":"deliveryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":422,"b":433}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":436,"b":444}]},{"name":"cycle","required":true,"transform":{"type":"scalar"},"locs":[{"a":447,"b":453}]},{"name":"number","required":true,"transform":{"type":"scalar"},"locs":[{"a":461,"b":468}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":538,"b":544}]}],"statement":"-- a page of the attempts with an exchange, wherever each lives, in the order of webhook_attempts' key\nSELECT l.event_id AS \"event_id!\", l.delivery_id AS \"delivery_id!\", l.cycle AS \"cycle!\", l.number AS \"number!\",\n       e.event, l.exchange AS \"exchange!\"\n  FROM webhook_attempt_log AS l\n  JOIN outbox_events AS e ON e.id = l.event_id\n WHERE l.exchange IS NOT NULL\n   AND (l.delivery_id, l.event_id, l.cycle, l.number) > (:deliveryId!, :eventId!, :cycle!::int, :number!::int)\n ORDER BY l.delivery_id, l.event_id, l.cycle, l.number\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- a page of the attempts with an exchange, wherever each lives, in the order of webhook_attempts' key
 * SELECT l.event_id AS "event_id!", l.delivery_id AS "delivery_id!", l.cycle AS "cycle!", l.number AS "number!",
 *        e.event, l.exchange AS "exchange!"
 *   FROM webhook_attempt_log AS l
 *   JOIN outbox_events AS e ON e.id = l.event_id
 *  WHERE l.exchange IS NOT NULL
 *    AND (l.delivery_id, l.event_id, l.cycle, l.number) > (:deliveryId!, :eventId!, :cycle!::int, :number!::int)
 *  ORDER BY l.delivery_id, l.event_id, l.cycle, l.number
 *  LIMIT :limit!
 * ```
 */
export const attemptExchanges = new PreparedQuery<IAttemptExchangesParams,IAttemptExchangesResult>(attemptExchangesIR);


/** 'RewriteAttemptExchanges' parameters type */
export interface IRewriteAttemptExchangesParams {
  cycles: numberArray;
  deliveryIds: stringArray;
  eventIds: stringArray;
  exchanges: stringArray;
  numbers: numberArray;
}

/** 'RewriteAttemptExchanges' return type */
export interface IRewriteAttemptExchangesResult {
  delivery_id: string;
}

/** 'RewriteAttemptExchanges' query type */
export interface IRewriteAttemptExchangesQuery {
  params: IRewriteAttemptExchangesParams;
  result: IRewriteAttemptExchangesResult;
}

const rewriteAttemptExchangesIR: any = {"usedParamSet":{"deliveryIds":true,"eventIds":true,"cycles":true,"numbers":true,"exchanges":true},"params":[{"name":"deliveryIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":102,"b":114}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":125,"b":134}]},{"name":"cycles","required":true,"transform":{"type":"scalar"},"locs":[{"a":145,"b":152}]},{"name":"numbers","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":170}]},{"name":"exchanges","required":true,"transform":{"type":"scalar"},"locs":[{"a":203,"b":213}]}],"statement":"-- attempts' exchanges rewritten in place, wherever each lives\nWITH input AS (\n  SELECT * FROM unnest(:deliveryIds!::text[], :eventIds!::text[], :cycles!::int[], :numbers!::int[],\n                       :exchanges!::text[]) AS i(delivery_id, event_id, cycle, number, exchange)\n), inline AS (\n  UPDATE webhook_deliveries AS d SET first_exchange = decode(i.exchange, 'base64')\n    FROM input AS i\n   WHERE i.cycle = 1 AND i.number = 1 AND d.event_id = i.event_id AND d.id = i.delivery_id\n     AND d.first_attempted_at IS NOT NULL\n  RETURNING d.id\n)\nUPDATE webhook_attempts AS a SET exchange = decode(i.exchange, 'base64')\n  FROM input AS i\n WHERE a.event_id = i.event_id AND a.delivery_id = i.delivery_id AND a.cycle = i.cycle AND a.number = i.number\nRETURNING a.delivery_id"};

/**
 * Query generated from SQL:
 * ```
 * -- attempts' exchanges rewritten in place, wherever each lives
 * WITH input AS (
 *   SELECT * FROM unnest(:deliveryIds!::text[], :eventIds!::text[], :cycles!::int[], :numbers!::int[],
 *                        :exchanges!::text[]) AS i(delivery_id, event_id, cycle, number, exchange)
 * ), inline AS (
 *   UPDATE webhook_deliveries AS d SET first_exchange = decode(i.exchange, 'base64')
 *     FROM input AS i
 *    WHERE i.cycle = 1 AND i.number = 1 AND d.event_id = i.event_id AND d.id = i.delivery_id
 *      AND d.first_attempted_at IS NOT NULL
 *   RETURNING d.id
 * )
 * UPDATE webhook_attempts AS a SET exchange = decode(i.exchange, 'base64')
 *   FROM input AS i
 *  WHERE a.event_id = i.event_id AND a.delivery_id = i.delivery_id AND a.cycle = i.cycle AND a.number = i.number
 * RETURNING a.delivery_id
 * ```
 */
export const rewriteAttemptExchanges = new PreparedQuery<IRewriteAttemptExchangesParams,IRewriteAttemptExchangesResult>(rewriteAttemptExchangesIR);


