/** Types generated for queries found in "packages/db/src/webhooks/stored-attempts.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

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


