/** Types generated for queries found in "packages/db/src/holds/erasure-guard.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'LockLogsOfContexts' parameters type */
export interface ILockLogsOfContextsParams {
  ids: stringArray;
}

/** 'LockLogsOfContexts' return type */
export interface ILockLogsOfContextsResult {
  agent_id: string;
  user_id: string;
}

/** 'LockLogsOfContexts' query type */
export interface ILockLogsOfContextsQuery {
  params: ILockLogsOfContextsParams;
  result: ILockLogsOfContextsResult;
}

const lockLogsOfContextsIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":569,"b":573}]}],"statement":"-- The logs of the contexts about to be erased, FOR KEY SHARE, in one order so two erasures cannot\n-- deadlock. Placing a hold takes the row FOR UPDATE (legal-holds.sql): a statement after this one\n-- starts from a new snapshot, so it sees every hold committed before, and no hold can be placed\n-- on these agents until the erasing transaction ends. KEY SHARE does not wait for the writes that\n-- advance a log's head.\nSELECT l.user_id, l.agent_id FROM agent_logs AS l\n WHERE (l.user_id, l.agent_id) IN (SELECT c.user_id, c.agent_id FROM contexts AS c WHERE c.id = ANY(:ids!::text[]))\n ORDER BY l.user_id, l.agent_id\n   FOR KEY SHARE OF l"};

/**
 * Query generated from SQL:
 * ```
 * -- The logs of the contexts about to be erased, FOR KEY SHARE, in one order so two erasures cannot
 * -- deadlock. Placing a hold takes the row FOR UPDATE (legal-holds.sql): a statement after this one
 * -- starts from a new snapshot, so it sees every hold committed before, and no hold can be placed
 * -- on these agents until the erasing transaction ends. KEY SHARE does not wait for the writes that
 * -- advance a log's head.
 * SELECT l.user_id, l.agent_id FROM agent_logs AS l
 *  WHERE (l.user_id, l.agent_id) IN (SELECT c.user_id, c.agent_id FROM contexts AS c WHERE c.id = ANY(:ids!::text[]))
 *  ORDER BY l.user_id, l.agent_id
 *    FOR KEY SHARE OF l
 * ```
 */
export const lockLogsOfContexts = new PreparedQuery<ILockLogsOfContextsParams,ILockLogsOfContextsResult>(lockLogsOfContextsIR);


/** 'LockAgentLog' parameters type */
export interface ILockAgentLogParams {
  agentId: string;
  userId: string;
}

/** 'LockAgentLog' return type */
export interface ILockAgentLogResult {
  locked: number;
}

/** 'LockAgentLog' query type */
export interface ILockAgentLogQuery {
  params: ILockAgentLogParams;
  result: ILockAgentLogResult;
}

const lockAgentLogIR: any = {"usedParamSet":{"userId":true,"agentId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":159,"b":166}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":183,"b":191}]}],"statement":"-- One agent's log FOR KEY SHARE, as lockLogsOfContexts: before activeHoldOfAgent, in its own statement.\nSELECT 1 AS \"locked!\" FROM agent_logs WHERE user_id = :userId! AND agent_id = :agentId! FOR KEY SHARE"};

/**
 * Query generated from SQL:
 * ```
 * -- One agent's log FOR KEY SHARE, as lockLogsOfContexts: before activeHoldOfAgent, in its own statement.
 * SELECT 1 AS "locked!" FROM agent_logs WHERE user_id = :userId! AND agent_id = :agentId! FOR KEY SHARE
 * ```
 */
export const lockAgentLog = new PreparedQuery<ILockAgentLogParams,ILockAgentLogResult>(lockAgentLogIR);


/** 'ActiveHoldOfAgent' parameters type */
export interface IActiveHoldOfAgentParams {
  agentId: string;
  userId: string;
}

/** 'ActiveHoldOfAgent' return type */
export interface IActiveHoldOfAgentResult {
  id: string;
  placed_at: Date;
  placed_by: string;
  reason: string;
}

/** 'ActiveHoldOfAgent' query type */
export interface IActiveHoldOfAgentQuery {
  params: IActiveHoldOfAgentParams;
  result: IActiveHoldOfAgentResult;
}

const activeHoldOfAgentIR: any = {"usedParamSet":{"userId":true,"agentId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":74,"b":81}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":98,"b":106}]}],"statement":"SELECT id, reason, placed_at, placed_by FROM legal_holds\n WHERE user_id = :userId! AND agent_id = :agentId! AND ctxlog_hold_active(released_at)\n ORDER BY id LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, reason, placed_at, placed_by FROM legal_holds
 *  WHERE user_id = :userId! AND agent_id = :agentId! AND ctxlog_hold_active(released_at)
 *  ORDER BY id LIMIT 1
 * ```
 */
export const activeHoldOfAgent = new PreparedQuery<IActiveHoldOfAgentParams,IActiveHoldOfAgentResult>(activeHoldOfAgentIR);


/** 'YoungestKeptData' parameters type */
export interface IYoungestKeptDataParams {
  agentId: string;
  cutoff: DateOrString;
  floor: string;
  userId: string;
}

/** 'YoungestKeptData' return type */
export interface IYoungestKeptDataResult {
  created_at: Date;
  id: string;
}

/** 'YoungestKeptData' query type */
export interface IYoungestKeptDataQuery {
  params: IYoungestKeptDataParams;
  result: IYoungestKeptDataResult;
}

const youngestKeptDataIR: any = {"usedParamSet":{"userId":true,"agentId":true,"floor":true,"cutoff":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":242,"b":249}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":266,"b":274}]},{"name":"floor","required":true,"transform":{"type":"scalar"},"locs":[{"a":286,"b":292}]},{"name":"cutoff","required":true,"transform":{"type":"scalar"},"locs":[{"a":311,"b":318}]}],"statement":"-- The newest context of the agent whose data is kept, if it was received after :cutoff (ids are\n-- minted at receipt, so :floor, an id a little before the cutoff, bounds the index range).\nSELECT id, created_at FROM contexts\n WHERE user_id = :userId! AND agent_id = :agentId! AND id >= :floor! AND created_at > :cutoff!\n   AND data_erased_at IS NULL\n ORDER BY id DESC LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * -- The newest context of the agent whose data is kept, if it was received after :cutoff (ids are
 * -- minted at receipt, so :floor, an id a little before the cutoff, bounds the index range).
 * SELECT id, created_at FROM contexts
 *  WHERE user_id = :userId! AND agent_id = :agentId! AND id >= :floor! AND created_at > :cutoff!
 *    AND data_erased_at IS NULL
 *  ORDER BY id DESC LIMIT 1
 * ```
 */
export const youngestKeptData = new PreparedQuery<IYoungestKeptDataParams,IYoungestKeptDataResult>(youngestKeptDataIR);


/** 'HeldExpiredContexts' parameters type */
export interface IHeldExpiredContextsParams {
  before: string;
  exceptPlans: stringArray;
  plans?: stringArray | null | void;
  releasedSince: DateOrString;
}

/** 'HeldExpiredContexts' return type */
export interface IHeldExpiredContextsResult {
  first_id: string | null;
  held: string;
}

/** 'HeldExpiredContexts' query type */
export interface IHeldExpiredContextsQuery {
  params: IHeldExpiredContextsParams;
  result: IHeldExpiredContextsResult;
}

const heldExpiredContextsIR: any = {"usedParamSet":{"releasedSince":true,"before":true,"plans":true,"exceptPlans":true},"params":[{"name":"releasedSince","required":true,"transform":{"type":"scalar"},"locs":[{"a":588,"b":602}]},{"name":"before","required":true,"transform":{"type":"scalar"},"locs":[{"a":736,"b":743}]},{"name":"plans","required":false,"transform":{"type":"scalar"},"locs":[{"a":782,"b":787},{"a":821,"b":826}]},{"name":"exceptPlans","required":true,"transform":{"type":"scalar"},"locs":[{"a":859,"b":871}]}],"statement":"-- Retention's report of what it left for legal holds: the contexts received before :before whose\n-- data is kept, of agents held now or released since :releasedSince (a pass that skipped them may\n-- have been running when the hold was released), of users `plans` selects (the index (user_id,\n-- agent_id, id) per agent), with the oldest, where the next pass resumes so they are erased once\n-- no hold keeps them.\nSELECT count(*) AS \"held!\", min(c.id) AS first_id\n  FROM (SELECT DISTINCT user_id, agent_id FROM legal_holds\n         WHERE ctxlog_hold_active(released_at) OR released_at >= :releasedSince!) AS h\n  JOIN users AS u ON u.id = h.user_id\n  JOIN contexts AS c ON c.user_id = h.user_id AND c.agent_id = h.agent_id\n WHERE c.id < :before! AND c.data_erased_at IS NULL\n   AND (:plans::text[] IS NULL OR u.plan = ANY(:plans::text[]))\n   AND u.plan <> ALL(:exceptPlans!::text[])"};

/**
 * Query generated from SQL:
 * ```
 * -- Retention's report of what it left for legal holds: the contexts received before :before whose
 * -- data is kept, of agents held now or released since :releasedSince (a pass that skipped them may
 * -- have been running when the hold was released), of users `plans` selects (the index (user_id,
 * -- agent_id, id) per agent), with the oldest, where the next pass resumes so they are erased once
 * -- no hold keeps them.
 * SELECT count(*) AS "held!", min(c.id) AS first_id
 *   FROM (SELECT DISTINCT user_id, agent_id FROM legal_holds
 *          WHERE ctxlog_hold_active(released_at) OR released_at >= :releasedSince!) AS h
 *   JOIN users AS u ON u.id = h.user_id
 *   JOIN contexts AS c ON c.user_id = h.user_id AND c.agent_id = h.agent_id
 *  WHERE c.id < :before! AND c.data_erased_at IS NULL
 *    AND (:plans::text[] IS NULL OR u.plan = ANY(:plans::text[]))
 *    AND u.plan <> ALL(:exceptPlans!::text[])
 * ```
 */
export const heldExpiredContexts = new PreparedQuery<IHeldExpiredContextsParams,IHeldExpiredContextsResult>(heldExpiredContextsIR);


