/** Types generated for queries found in "packages/db/src/contexts/erase-expired-data.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'ClaimExpiredContexts' parameters type */
export interface IClaimExpiredContextsParams {
  after: string;
  before: string;
  exceptPlans: stringArray;
  limit: NumberOrString;
  plans?: stringArray | null | void;
}

/** 'ClaimExpiredContexts' return type */
export interface IClaimExpiredContextsResult {
  id: string;
}

/** 'ClaimExpiredContexts' query type */
export interface IClaimExpiredContextsQuery {
  params: IClaimExpiredContextsParams;
  result: IClaimExpiredContextsResult;
}

const claimExpiredContextsIR: any = {"usedParamSet":{"after":true,"before":true,"plans":true,"exceptPlans":true,"limit":true},"params":[{"name":"after","required":true,"transform":{"type":"scalar"},"locs":[{"a":81,"b":87}]},{"name":"before","required":true,"transform":{"type":"scalar"},"locs":[{"a":100,"b":107}]},{"name":"plans","required":false,"transform":{"type":"scalar"},"locs":[{"a":146,"b":151},{"a":185,"b":190}]},{"name":"exceptPlans","required":true,"transform":{"type":"scalar"},"locs":[{"a":223,"b":235}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":522,"b":528}]}],"statement":"SELECT c.id FROM contexts AS c JOIN users AS u ON u.id = c.user_id\n WHERE c.id > :after! AND c.id < :before! AND c.data_erased_at IS NULL\n   AND (:plans::text[] IS NULL OR u.plan = ANY(:plans::text[]))\n   AND u.plan <> ALL(:exceptPlans!::text[])\n   -- agents under a legal hold keep their data (heldExpiredContexts counts what is left)\n   AND NOT EXISTS (SELECT 1 FROM legal_holds AS h\n                    WHERE h.user_id = c.user_id AND h.agent_id = c.agent_id AND ctxlog_hold_active(h.released_at))\n ORDER BY c.id LIMIT :limit!\n   FOR UPDATE OF c SKIP LOCKED"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.id FROM contexts AS c JOIN users AS u ON u.id = c.user_id
 *  WHERE c.id > :after! AND c.id < :before! AND c.data_erased_at IS NULL
 *    AND (:plans::text[] IS NULL OR u.plan = ANY(:plans::text[]))
 *    AND u.plan <> ALL(:exceptPlans!::text[])
 *    -- agents under a legal hold keep their data (heldExpiredContexts counts what is left)
 *    AND NOT EXISTS (SELECT 1 FROM legal_holds AS h
 *                     WHERE h.user_id = c.user_id AND h.agent_id = c.agent_id AND ctxlog_hold_active(h.released_at))
 *  ORDER BY c.id LIMIT :limit!
 *    FOR UPDATE OF c SKIP LOCKED
 * ```
 */
export const claimExpiredContexts = new PreparedQuery<IClaimExpiredContextsParams,IClaimExpiredContextsResult>(claimExpiredContextsIR);


