/** Types generated for queries found in "packages/db/src/sessions/start-session.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

/** 'InsertSession' parameters type */
export interface IInsertSessionParams {
  absoluteExpiresAt: DateOrString;
  accountId: string;
  csrfToken: string;
  id: string;
  now: DateOrString;
  tokenHash: Buffer;
}

/** 'InsertSession' return type */
export interface IInsertSessionResult {
  id: string;
}

/** 'InsertSession' query type */
export interface IInsertSessionQuery {
  params: IInsertSessionParams;
  result: IInsertSessionResult;
}

const insertSessionIR: any = {"usedParamSet":{"id":true,"accountId":true,"tokenHash":true,"csrfToken":true,"now":true,"absoluteExpiresAt":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":163,"b":166}]},{"name":"accountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":169,"b":179}]},{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":182,"b":192}]},{"name":"csrfToken","required":true,"transform":{"type":"scalar"},"locs":[{"a":195,"b":205}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":208,"b":212},{"a":236,"b":240},{"a":311,"b":315}]},{"name":"absoluteExpiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":215,"b":233}]}],"statement":"WITH started AS (\n  INSERT INTO sessions (id, account_id, token_hash, csrf_token, last_seen_at, absolute_expires_at,\n                        created_at)\n  VALUES (:id!, :accountId!, :tokenHash!, :csrfToken!, :now!, :absoluteExpiresAt!, :now!)\n  RETURNING account_id\n)\nUPDATE accounts AS a SET last_sign_in_at = :now!\n  FROM started\n WHERE a.id = started.account_id\nRETURNING a.id"};

/**
 * Query generated from SQL:
 * ```
 * WITH started AS (
 *   INSERT INTO sessions (id, account_id, token_hash, csrf_token, last_seen_at, absolute_expires_at,
 *                         created_at)
 *   VALUES (:id!, :accountId!, :tokenHash!, :csrfToken!, :now!, :absoluteExpiresAt!, :now!)
 *   RETURNING account_id
 * )
 * UPDATE accounts AS a SET last_sign_in_at = :now!
 *   FROM started
 *  WHERE a.id = started.account_id
 * RETURNING a.id
 * ```
 */
export const insertSession = new PreparedQuery<IInsertSessionParams,IInsertSessionResult>(insertSessionIR);


