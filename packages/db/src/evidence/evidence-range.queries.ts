/** Types generated for queries found in "packages/db/src/evidence/evidence-range.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type ContextStatus = 'confirmed' | 'failed' | 'pending';

export type Visibility = 'private' | 'public';

export type DateOrString = Date | string;

export type stringArray = (string)[];

/** 'EvidenceSequenceRange' parameters type */
export interface IEvidenceSequenceRangeParams {
  agentId: string;
  from: DateOrString;
  onlyKeys?: stringArray | null | void;
  onlyVisibility?: Visibility | null | void;
  to: DateOrString;
  userId: string;
}

/** 'EvidenceSequenceRange' return type */
export interface IEvidenceSequenceRangeResult {
  first_sequence: number | null;
  last_sequence: number | null;
}

/** 'EvidenceSequenceRange' query type */
export interface IEvidenceSequenceRangeQuery {
  params: IEvidenceSequenceRangeParams;
  result: IEvidenceSequenceRangeResult;
}

const evidenceSequenceRangeIR: any = {"usedParamSet":{"from":true,"to":true,"userId":true,"agentId":true,"onlyVisibility":true,"onlyKeys":true},"params":[{"name":"from","required":true,"transform":{"type":"scalar"},"locs":[{"a":53,"b":58}]},{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":132,"b":135}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":195,"b":202}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":221,"b":229}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":312,"b":326}]},{"name":"onlyKeys","required":false,"transform":{"type":"scalar"},"locs":[{"a":329,"b":337}]}],"statement":"SELECT min(c.sequence) FILTER (WHERE c.created_at >= :from!) AS first_sequence,\n       max(c.sequence) FILTER (WHERE c.created_at < :to!) AS last_sequence\n  FROM contexts AS c\n WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence IS NOT NULL\n   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT min(c.sequence) FILTER (WHERE c.created_at >= :from!) AS first_sequence,
 *        max(c.sequence) FILTER (WHERE c.created_at < :to!) AS last_sequence
 *   FROM contexts AS c
 *  WHERE c.user_id = :userId! AND c.agent_id = :agentId! AND c.sequence IS NOT NULL
 *    AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 * ```
 */
export const evidenceSequenceRange = new PreparedQuery<IEvidenceSequenceRangeParams,IEvidenceSequenceRangeResult>(evidenceSequenceRangeIR);


/** 'FirstUnconfirmedEntry' parameters type */
export interface IFirstUnconfirmedEntryParams {
  agentId: string;
  confirmed: ContextStatus;
  firstSequence: number;
  lastSequence: number;
  onlyKeys?: stringArray | null | void;
  onlyVisibility?: Visibility | null | void;
  userId: string;
}

/** 'FirstUnconfirmedEntry' return type */
export interface IFirstUnconfirmedEntryResult {
  received_at: Date;
  sequence: number;
}

/** 'FirstUnconfirmedEntry' query type */
export interface IFirstUnconfirmedEntryQuery {
  params: IFirstUnconfirmedEntryParams;
  result: IFirstUnconfirmedEntryResult;
}

const firstUnconfirmedEntryIR: any = {"usedParamSet":{"userId":true,"agentId":true,"firstSequence":true,"lastSequence":true,"confirmed":true,"onlyVisibility":true,"onlyKeys":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":171,"b":178}]},{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":197,"b":205}]},{"name":"firstSequence","required":true,"transform":{"type":"scalar"},"locs":[{"a":233,"b":247}]},{"name":"lastSequence","required":true,"transform":{"type":"scalar"},"locs":[{"a":253,"b":266}]},{"name":"confirmed","required":true,"transform":{"type":"scalar"},"locs":[{"a":287,"b":297}]},{"name":"onlyVisibility","required":false,"transform":{"type":"scalar"},"locs":[{"a":353,"b":367}]},{"name":"onlyKeys","required":false,"transform":{"type":"scalar"},"locs":[{"a":370,"b":378}]}],"statement":"SELECT c.sequence AS \"sequence!\", c.created_at AS \"received_at!\"\n  FROM contexts AS c\n CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s\n WHERE c.user_id = :userId! AND c.agent_id = :agentId!\n   AND c.sequence BETWEEN :firstSequence! AND :lastSequence!\n   AND s.status <> :confirmed!\n   AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)\n ORDER BY c.sequence\n LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT c.sequence AS "sequence!", c.created_at AS "received_at!"
 *   FROM contexts AS c
 *  CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
 *  WHERE c.user_id = :userId! AND c.agent_id = :agentId!
 *    AND c.sequence BETWEEN :firstSequence! AND :lastSequence!
 *    AND s.status <> :confirmed!
 *    AND ctxlog_reader_sees(c.visibility, c.api_key_id, :onlyVisibility, :onlyKeys)
 *  ORDER BY c.sequence
 *  LIMIT 1
 * ```
 */
export const firstUnconfirmedEntry = new PreparedQuery<IFirstUnconfirmedEntryParams,IFirstUnconfirmedEntryResult>(firstUnconfirmedEntryIR);


