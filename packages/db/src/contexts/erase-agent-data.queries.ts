/** Types generated for queries found in "packages/db/src/contexts/erase-agent-data.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'ClaimAgentContexts' parameters type */
export interface IClaimAgentContextsParams {
  after: string;
  agentId: string;
  before?: string | null | void;
  limit: NumberOrString;
  userId: string;
}

/** 'ClaimAgentContexts' return type */
export interface IClaimAgentContextsResult {
  id: string;
}

/** 'ClaimAgentContexts' query type */
export interface IClaimAgentContextsQuery {
  params: IClaimAgentContextsParams;
  result: IClaimAgentContextsResult;
}

const claimAgentContextsIR: any = {"usedParamSet":{"userId":true,"agentId":true,"after":true,"before":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":41,"b":48}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":65,"b":73}]},{"name":"after","required":true,"transform":{"type":"scalar"},"locs":[{"a":84,"b":90}]},{"name":"before","required":false,"transform":{"type":"scalar"},"locs":[{"a":258,"b":264},{"a":288,"b":294}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":316,"b":322}]}],"statement":"SELECT id FROM contexts\n WHERE user_id = :userId! AND agent_id = :agentId! AND id > :after! AND data_erased_at IS NULL\n   -- under a minimum retention: only contexts received before its cutoff (a newer one came after\n   -- the check that found none)\n   AND (:before::text IS NULL OR id < :before)\n ORDER BY id LIMIT :limit!\n   FOR UPDATE SKIP LOCKED"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id FROM contexts
 *  WHERE user_id = :userId! AND agent_id = :agentId! AND id > :after! AND data_erased_at IS NULL
 *    -- under a minimum retention: only contexts received before its cutoff (a newer one came after
 *    -- the check that found none)
 *    AND (:before::text IS NULL OR id < :before)
 *  ORDER BY id LIMIT :limit!
 *    FOR UPDATE SKIP LOCKED
 * ```
 */
export const claimAgentContexts = new PreparedQuery<IClaimAgentContextsParams,IClaimAgentContextsResult>(claimAgentContextsIR);


/** 'AgentDataLeft' parameters type */
export interface IAgentDataLeftParams {
  agentId: string;
  userId: string;
}

/** 'AgentDataLeft' return type */
export interface IAgentDataLeftResult {
  logged: boolean;
  remaining: string;
}

/** 'AgentDataLeft' query type */
export interface IAgentDataLeftQuery {
  params: IAgentDataLeftParams;
  result: IAgentDataLeftResult;
}

const agentDataLeftIR: any = {"usedParamSet":{"userId":true,"agentId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":54,"b":61},{"a":166,"b":173}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":78,"b":86},{"a":190,"b":198}]}],"statement":"SELECT EXISTS (SELECT 1 FROM contexts WHERE user_id = :userId! AND agent_id = :agentId!) AS \"logged!\",\n       (SELECT count(*) FROM contexts\n         WHERE user_id = :userId! AND agent_id = :agentId! AND data_erased_at IS NULL) AS \"remaining!\""};

/**
 * Query generated from SQL:
 * ```
 * SELECT EXISTS (SELECT 1 FROM contexts WHERE user_id = :userId! AND agent_id = :agentId!) AS "logged!",
 *        (SELECT count(*) FROM contexts
 *          WHERE user_id = :userId! AND agent_id = :agentId! AND data_erased_at IS NULL) AS "remaining!"
 * ```
 */
export const agentDataLeft = new PreparedQuery<IAgentDataLeftParams,IAgentDataLeftResult>(agentDataLeftIR);


