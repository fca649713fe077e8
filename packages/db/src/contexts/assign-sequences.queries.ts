/** Types generated for queries found in "packages/db/src/contexts/assign-sequences.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'LockLogHeads' parameters type */
export interface ILockLogHeadsParams {
  logs: Json;
  zeroEntryHash: Buffer;
}

/** 'LockLogHeads' return type */
export interface ILockLogHeadsResult {
  agent_id: string;
  head_entry_hash: Buffer;
  head_sequence: number;
  user_id: string;
}

/** 'LockLogHeads' query type */
export interface ILockLogHeadsQuery {
  params: ILockLogHeadsParams;
  result: ILockLogHeadsResult;
}

const lockLogHeadsIR: any = {"usedParamSet":{"zeroEntryHash":true,"logs":true},"params":[{"name":"zeroEntryHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":127,"b":141}]},{"name":"logs","required":true,"transform":{"type":"scalar"},"locs":[{"a":188,"b":193}]}],"statement":"INSERT INTO agent_logs (user_id, agent_id, head_sequence, head_entry_hash, first_at, last_at)\nSELECT l.user_id, l.agent_id, 0, :zeroEntryHash!::bytea, l.at, l.at\n  FROM jsonb_to_recordset(:logs!::jsonb) AS l(user_id text, agent_id text, at timestamptz)\nON CONFLICT (user_id, agent_id) DO UPDATE SET last_at = agent_logs.last_at\nRETURNING user_id, agent_id, head_sequence, head_entry_hash"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO agent_logs (user_id, agent_id, head_sequence, head_entry_hash, first_at, last_at)
 * SELECT l.user_id, l.agent_id, 0, :zeroEntryHash!::bytea, l.at, l.at
 *   FROM jsonb_to_recordset(:logs!::jsonb) AS l(user_id text, agent_id text, at timestamptz)
 * ON CONFLICT (user_id, agent_id) DO UPDATE SET last_at = agent_logs.last_at
 * RETURNING user_id, agent_id, head_sequence, head_entry_hash
 * ```
 */
export const lockLogHeads = new PreparedQuery<ILockLogHeadsParams,ILockLogHeadsResult>(lockLogHeadsIR);


