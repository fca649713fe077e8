/** Types generated for queries found in "packages/db/src/anchors/announce-anchors.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type stringArray = (string)[];

/** 'MarkAnnounced' parameters type */
export interface IMarkAnnouncedParams {
  ids: stringArray;
}

/** 'MarkAnnounced' return type */
export interface IMarkAnnouncedResult {
  id: string;
  transaction_hash: Buffer | null;
}

/** 'MarkAnnounced' query type */
export interface IMarkAnnouncedQuery {
  params: IMarkAnnouncedParams;
  result: IMarkAnnouncedResult;
}

const markAnnouncedIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":358,"b":362}]}],"statement":"-- Whoever announces an anchor first is decided by this statement: a second announcer (another\n-- replica, the tracker) waits on the row and then finds it announced. It takes the anchor's lock\n-- first, as every path that changes a batch does (then its transactions, then its contexts).\nUPDATE anchors SET sent_at = now(), updated_at = now()\n WHERE id = ANY(:ids!::text[]) AND sent_at IS NULL AND status IN ('sent', 'mined')\nRETURNING id, transaction_hash"};

/**
 * Query generated from SQL:
 * ```
 * -- Whoever announces an anchor first is decided by this statement: a second announcer (another
 * -- replica, the tracker) waits on the row and then finds it announced. It takes the anchor's lock
 * -- first, as every path that changes a batch does (then its transactions, then its contexts).
 * UPDATE anchors SET sent_at = now(), updated_at = now()
 *  WHERE id = ANY(:ids!::text[]) AND sent_at IS NULL AND status IN ('sent', 'mined')
 * RETURNING id, transaction_hash
 * ```
 */
export const markAnnounced = new PreparedQuery<IMarkAnnouncedParams,IMarkAnnouncedResult>(markAnnouncedIR);


/** 'PendingContextsOfAnchors' parameters type */
export interface IPendingContextsOfAnchorsParams {
  ids: stringArray;
}

/** 'PendingContextsOfAnchors' return type */
export interface IPendingContextsOfAnchorsResult {
  agent_id: string;
  anchor_id: string;
  context_hash: Buffer;
  created_at: Date;
  entry_hash: Buffer | null;
  estimated_confirmation: Date;
  id: string;
  prev_entry_hash: Buffer | null;
  sequence: number | null;
  signature: Buffer;
  user_id: string;
}

/** 'PendingContextsOfAnchors' query type */
export interface IPendingContextsOfAnchorsQuery {
  params: IPendingContextsOfAnchorsParams;
  result: IPendingContextsOfAnchorsResult;
}

const pendingContextsOfAnchorsIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":357,"b":361}]}],"statement":"SELECT a.id AS anchor_id, c.id, c.user_id, c.agent_id, c.context_hash, c.signature, c.created_at,\n       c.estimated_confirmation, c.sequence, c.prev_entry_hash, c.entry_hash\n  FROM anchors AS a CROSS JOIN unnest(a.context_ids) AS b(id)\n  JOIN contexts AS c ON c.id = b.id\n CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s\n WHERE a.id = ANY(:ids!::text[]) AND s.status = 'pending'"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.id AS anchor_id, c.id, c.user_id, c.agent_id, c.context_hash, c.signature, c.created_at,
 *        c.estimated_confirmation, c.sequence, c.prev_entry_hash, c.entry_hash
 *   FROM anchors AS a CROSS JOIN unnest(a.context_ids) AS b(id)
 *   JOIN contexts AS c ON c.id = b.id
 *  CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 *  WHERE a.id = ANY(:ids!::text[]) AND s.status = 'pending'
 * ```
 */
export const pendingContextsOfAnchors = new PreparedQuery<IPendingContextsOfAnchorsParams,IPendingContextsOfAnchorsResult>(pendingContextsOfAnchorsIR);


