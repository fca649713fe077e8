/** Types generated for queries found in "packages/db/src/webhooks/stored-attempts.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

/** 'AttemptLogOfDelivery' parameters type */
export interface IAttemptLogOfDeliveryParams {
  eventId: string;
  webhookId: string;
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

const attemptLogOfDeliveryIR: any = {"usedParamSet":{"eventId":true,"webhookId":true},"params":[{"name":"eventId","required":true,"transform":{"type":"scalar"},"locs":[{"a":307,"b":315}]},{"name":"webhookId","required":true,"transform":{"type":"scalar"},"locs":[{"a":372,"b":382}]}],"statement":"-- every attempt of one delivery, every cycle, oldest first (the view reads both places by key)\nSELECT cycle AS \"cycle!\", number AS \"number!\", attempted_at AS \"attempted_at!\", duration_ms AS \"duration_ms!\",\n       response_status, error, exchange, response_body\n  FROM webhook_attempt_log\n WHERE event_id = :eventId! AND webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!)\n ORDER BY cycle, number"};

/**
 * Query generated from SQL:
 * ```
 * -- every attempt of one delivery, every cycle, oldest first (the view reads both places by key)
 * SELECT cycle AS "cycle!", number AS "number!", attempted_at AS "attempted_at!", duration_ms AS "duration_ms!",
 *        response_status, error, exchange, response_body
 *   FROM webhook_attempt_log
 *  WHERE event_id = :eventId! AND webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!)
 *  ORDER BY cycle, number
 * ```
 */
export const attemptLogOfDelivery = new PreparedQuery<IAttemptLogOfDeliveryParams,IAttemptLogOfDeliveryResult>(attemptLogOfDeliveryIR);


