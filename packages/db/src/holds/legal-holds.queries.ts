/** Types generated for queries found in "packages/db/src/holds/legal-holds.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'LockAgentLogForHold' parameters type */
export interface ILockAgentLogForHoldParams {
  agentId: string;
  userId: string;
}

/** 'LockAgentLogForHold' return type */
export interface ILockAgentLogForHoldResult {
  locked: number;
}

/** 'LockAgentLogForHold' query type */
export interface ILockAgentLogForHoldQuery {
  params: ILockAgentLogForHoldParams;
  result: ILockAgentLogForHoldResult;
}

const lockAgentLogForHoldIR: any = {"usedParamSet":{"userId":true,"agentId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":252,"b":259}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":276,"b":284}]}],"statement":"-- FOR UPDATE: an erasure takes this row FOR KEY SHARE before it looks for holds (erasure-guard.sql),\n-- so it waits for this transaction and then sees the hold (or ran before and committed first).\nSELECT 1 AS \"locked!\" FROM agent_logs WHERE user_id = :userId! AND agent_id = :agentId! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * -- FOR UPDATE: an erasure takes this row FOR KEY SHARE before it looks for holds (erasure-guard.sql),
 * -- so it waits for this transaction and then sees the hold (or ran before and committed first).
 * SELECT 1 AS "locked!" FROM agent_logs WHERE user_id = :userId! AND agent_id = :agentId! FOR UPDATE
 * ```
 */
export const lockAgentLogForHold = new PreparedQuery<ILockAgentLogForHoldParams,ILockAgentLogForHoldResult>(lockAgentLogForHoldIR);


/** 'InsertLegalHold' parameters type */
export interface IInsertLegalHoldParams {
  agentId: string;
  id: string;
  placedAt: DateOrString;
  placedBy: string;
  reason: string;
  userId: string;
}

/** 'InsertLegalHold' return type */
export interface IInsertLegalHoldResult {
  agent_id: string;
  id: string;
  placed_at: Date;
  placed_by: string;
  reason: string;
  released_at: Date | null;
  released_by: string | null;
}

/** 'InsertLegalHold' query type */
export interface IInsertLegalHoldQuery {
  params: IInsertLegalHoldParams;
  result: IInsertLegalHoldResult;
}

const insertLegalHoldIR: any = {"usedParamSet":{"id":true,"userId":true,"agentId":true,"reason":true,"placedAt":true,"placedBy":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":86,"b":89}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":92,"b":99}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":102,"b":110}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":113,"b":120}]},{"name":"placedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":123,"b":132}]},{"name":"placedBy","required":true,"transform":{"type":"scalar"},"locs":[{"a":135,"b":144}]}],"statement":"INSERT INTO legal_holds (id, user_id, agent_id, reason, placed_at, placed_by)\nVALUES (:id!, :userId!, :agentId!, :reason!, :placedAt!, :placedBy!)\nRETURNING id, agent_id, reason, placed_at, placed_by, released_at, released_by"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO legal_holds (id, user_id, agent_id, reason, placed_at, placed_by)
 * VALUES (:id!, :userId!, :agentId!, :reason!, :placedAt!, :placedBy!)
 * RETURNING id, agent_id, reason, placed_at, placed_by, released_at, released_by
 * ```
 */
export const insertLegalHold = new PreparedQuery<IInsertLegalHoldParams,IInsertLegalHoldResult>(insertLegalHoldIR);


/** 'HoldsOfAgent' parameters type */
export interface IHoldsOfAgentParams {
  after?: string | null | void;
  agentId: string;
  limit: NumberOrString;
  userId: string;
}

/** 'HoldsOfAgent' return type */
export interface IHoldsOfAgentResult {
  agent_id: string;
  id: string;
  placed_at: Date;
  placed_by: string;
  reason: string;
  released_at: Date | null;
  released_by: string | null;
}

/** 'HoldsOfAgent' query type */
export interface IHoldsOfAgentQuery {
  params: IHoldsOfAgentParams;
  result: IHoldsOfAgentResult;
}

const holdsOfAgentIR: any = {"usedParamSet":{"userId":true,"agentId":true,"after":true,"limit":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":119}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":136,"b":144}]},{"name":"after","required":false,"transform":{"type":"scalar"},"locs":[{"a":151,"b":156},{"a":180,"b":185}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":213,"b":219}]}],"statement":"SELECT id, agent_id, reason, placed_at, placed_by, released_at, released_by\n  FROM legal_holds\n WHERE user_id = :userId! AND agent_id = :agentId! AND (:after::text IS NULL OR id < :after)\n ORDER BY id DESC\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, agent_id, reason, placed_at, placed_by, released_at, released_by
 *   FROM legal_holds
 *  WHERE user_id = :userId! AND agent_id = :agentId! AND (:after::text IS NULL OR id < :after)
 *  ORDER BY id DESC
 *  LIMIT :limit!
 * ```
 */
export const holdsOfAgent = new PreparedQuery<IHoldsOfAgentParams,IHoldsOfAgentResult>(holdsOfAgentIR);


/** 'ReleaseLegalHold' parameters type */
export interface IReleaseLegalHoldParams {
  agentId: string;
  at: DateOrString;
  by: string;
  id: string;
  userId: string;
}

/** 'ReleaseLegalHold' return type */
export interface IReleaseLegalHoldResult {
  agent_id: string;
  id: string;
  placed_at: Date;
  placed_by: string;
  reason: string;
  released_at: Date | null;
  released_by: string | null;
}

/** 'ReleaseLegalHold' query type */
export interface IReleaseLegalHoldQuery {
  params: IReleaseLegalHoldParams;
  result: IReleaseLegalHoldResult;
}

const releaseLegalHoldIR: any = {"usedParamSet":{"at":true,"by":true,"id":true,"userId":true,"agentId":true},"params":[{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":165}]},{"name":"by","required":true,"transform":{"type":"scalar"},"locs":[{"a":205,"b":208}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":223,"b":226}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":242,"b":249}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":266,"b":274}]}],"statement":"-- A hold released already keeps its first release (who and when): releasing again changes nothing.\nUPDATE legal_holds\n   SET released_at = COALESCE(released_at, :at!), released_by = COALESCE(released_by, :by!)\n WHERE id = :id! AND user_id = :userId! AND agent_id = :agentId!\nRETURNING id, agent_id, reason, placed_at, placed_by, released_at, released_by"};

/**
 * Query generated from SQL:
 * ```
 * -- A hold released already keeps its first release (who and when): releasing again changes nothing.
 * UPDATE legal_holds
 *    SET released_at = COALESCE(released_at, :at!), released_by = COALESCE(released_by, :by!)
 *  WHERE id = :id! AND user_id = :userId! AND agent_id = :agentId!
 * RETURNING id, agent_id, reason, placed_at, placed_by, released_at, released_by
 * ```
 */
export const releaseLegalHold = new PreparedQuery<IReleaseLegalHoldParams,IReleaseLegalHoldResult>(releaseLegalHoldIR);


/** 'HoldsOverlapping' parameters type */
export interface IHoldsOverlappingParams {
  agentId: string;
  from: DateOrString;
  to: DateOrString;
  userId: string;
}

/** 'HoldsOverlapping' return type */
export interface IHoldsOverlappingResult {
  agent_id: string;
  id: string;
  placed_at: Date;
  placed_by: string;
  reason: string;
  released_at: Date | null;
  released_by: string | null;
}

/** 'HoldsOverlapping' query type */
export interface IHoldsOverlappingQuery {
  params: IHoldsOverlappingParams;
  result: IHoldsOverlappingResult;
}

const holdsOverlappingIR: any = {"usedParamSet":{"userId":true,"agentId":true,"to":true,"from":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":119}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":136,"b":144}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":165}]},{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":225,"b":230}]}],"statement":"SELECT id, agent_id, reason, placed_at, placed_by, released_at, released_by\n  FROM legal_holds\n WHERE user_id = :userId! AND agent_id = :agentId! AND placed_at < :to!\n   AND (ctxlog_hold_active(released_at) OR released_at >= :from!)\n ORDER BY id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, agent_id, reason, placed_at, placed_by, released_at, released_by
 *   FROM legal_holds
 *  WHERE user_id = :userId! AND agent_id = :agentId! AND placed_at < :to!
 *    AND (ctxlog_hold_active(released_at) OR released_at >= :from!)
 *  ORDER BY id
 * ```
 */
export const holdsOverlapping = new PreparedQuery<IHoldsOverlappingParams,IHoldsOverlappingResult>(holdsOverlappingIR);


