/** Types generated for queries found in "packages/db/src/webhooks/stored-attempts.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'AttemptLogOfDelivery' parameters type */
export interface IAttemptLogOfDeliveryParams {
  deliveryId: string;
  eventId: string;
}

/** 'AttemptLogOfDelivery' return type */
export interface IAttemptLogOfDeliveryResult {
  attempted_at: Date;
  cycle: number;
  duration_ms: number;
  error: string | null;
  exchange: Buffer | null;
  number: number;
  response_body: string | null;
  response_status: number | null;
}

/** 'AttemptLogOfDelivery' query type */
export interface IAttemptLogOfDeliveryQuery {
  params: IAttemptLogOfDeliveryParams;
  result: IAttemptLogOfDeliveryResult;
}

const attemptLogOfDeliveryIR: any = {"usedParamSet":{"deliveryId":true,"eventId":true},"params":[{"name":"deliveryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":310,"b":321}]},{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":338,"b":346}]}],"statement":"-- every attempt of one delivery, every cycle, oldest first (the view reads both places by key)\nSELECT cycle AS \"cycle!\", number AS \"number!\", attempted_at AS \"attempted_at!\", duration_ms AS \"duration_ms!\",\n       response_status, error, exchange, response_body\n  FROM webhook_attempt_log\n WHERE delivery_id = :deliveryId! AND event_id = :eventId!\n ORDER BY cycle, number"};

/**
 * Query generated from SQL:
 * ```
 * -- every attempt of one delivery, every cycle, oldest first (the view reads both places by key)
 * SELECT cycle AS "cycle!", number AS "number!", attempted_at AS "attempted_at!", duration_ms AS "duration_ms!",
 *        response_status, error, exchange, response_body
 *   FROM webhook_attempt_log
 *  WHERE delivery_id = :deliveryId! AND event_id = :eventId!
 *  ORDER BY cycle, number
 * ```
 */
export const attemptLogOfDelivery = new PreparedQuery<IAttemptLogOfDeliveryParams,IAttemptLogOfDeliveryResult>(attemptLogOfDeliveryIR);


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

const rewriteAttemptExchangesIR: any = {"usedParamSet":{"deliveryIds":true,"eventIds":true,"cycles":true,"numbers":true,"exchanges":true},"params":[{"name":"deliveryIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":132,"b":144}]},{"name":"eventIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":155,"b":164}]},{"name":"cycles","required":true,"transform":{"type":"scalar"},"locs":[{"a":175,"b":182}]},{"name":"numbers","required":true,"transform":{"type":"scalar"},"locs":[{"a":192,"b":200}]},{"name":"exchanges","required":true,"transform":{"type":"scalar"},"locs":[{"a":233,"b":243}]}],"statement":"-- attempts' exchanges rewritten in place, wherever each lives (the data step attempt_forms)\nWITH input AS (\n  SELECT * FROM unnest(:deliveryIds!::text[], :eventIds!::text[], :cycles!::int[], :numbers!::int[],\n                       :exchanges!::text[]) AS i(delivery_id, event_id, cycle, number, exchange)\n), inline AS (\n  UPDATE webhook_deliveries AS d SET first_exchange = decode(i.exchange, 'base64')\n    FROM input AS i\n   WHERE i.cycle = 1 AND i.number = 1 AND d.event_id = i.event_id AND d.id = i.delivery_id\n     AND d.first_attempted_at IS NOT NULL\n  RETURNING d.id\n)\nUPDATE webhook_attempts AS a SET exchange = decode(i.exchange, 'base64')\n  FROM input AS i\n WHERE a.event_id = i.event_id AND a.delivery_id = i.delivery_id AND a.cycle = i.cycle AND a.number = i.number\nRETURNING a.delivery_id"};

/**
 * Query generated from SQL:
 * ```
 * -- attempts' exchanges rewritten in place, wherever each lives (the data step attempt_forms)
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


