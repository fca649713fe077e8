/** Types generated for queries found in "packages/db/src/tlog/sequence-log.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type BufferArray = (Buffer)[];

export type NumberOrString = number | string;

export type NumberOrStringArray = (NumberOrString)[];

export type numberArray = (number)[];

export type stringArray = (string)[];

/** 'TakeSequencerLock' parameters type */
export interface ITakeSequencerLockParams {
  key: NumberOrString;
}

/** 'TakeSequencerLock' return type */
export interface ITakeSequencerLockResult {
  locked: boolean;
}

/** 'TakeSequencerLock' query type */
export interface ITakeSequencerLockQuery {
  params: ITakeSequencerLockParams;
  result: ITakeSequencerLockResult;
}

const takeSequencerLockIR: any = {"usedParamSet":{"key":true},"params":[{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":219,"b":223}]}],"statement":"-- One sequencer at a time across processes: this transaction-scoped advisory lock, tried (not\n-- waited for), so a second sequencer skips its turn instead of queueing behind the first.\nSELECT pg_try_advisory_xact_lock(:key!::bigint) AS \"locked!\""};

/**
 * Query generated from SQL:
 * ```
 * -- One sequencer at a time across processes: this transaction-scoped advisory lock, tried (not
 * -- waited for), so a second sequencer skips its turn instead of queueing behind the first.
 * SELECT pg_try_advisory_xact_lock(:key!::bigint) AS "locked!"
 * ```
 */
export const takeSequencerLock = new PreparedQuery<ITakeSequencerLockParams,ITakeSequencerLockResult>(takeSequencerLockIR);


/** 'LatestCheckpointSize' parameters type */
export type ILatestCheckpointSizeParams = void;

/** 'LatestCheckpointSize' return type */
export interface ILatestCheckpointSizeResult {
  size: string;
}

/** 'LatestCheckpointSize' query type */
export interface ILatestCheckpointSizeQuery {
  params: ILatestCheckpointSizeParams;
  result: ILatestCheckpointSizeResult;
}

const latestCheckpointSizeIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT size::text AS \"size!\" FROM tlog_checkpoints ORDER BY size DESC LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT size::text AS "size!" FROM tlog_checkpoints ORDER BY size DESC LIMIT 1
 * ```
 */
export const latestCheckpointSize = new PreparedQuery<ILatestCheckpointSizeParams,ILatestCheckpointSizeResult>(latestCheckpointSizeIR);


/** 'ReadTiles' parameters type */
export interface IReadTilesParams {
  indexes: NumberOrStringArray;
  levels: numberArray;
}

/** 'ReadTiles' return type */
export interface IReadTilesResult {
  hashes: Buffer;
  level: number;
  tile_index: string;
}

/** 'ReadTiles' query type */
export interface IReadTilesQuery {
  params: IReadTilesParams;
  result: IReadTilesResult;
}

const readTilesIR: any = {"usedParamSet":{"levels":true,"indexes":true},"params":[{"name":"levels","required":true,"transform":{"type":"scalar"},"locs":[{"a":202,"b":209}]},{"name":"indexes","required":true,"transform":{"type":"scalar"},"locs":[{"a":219,"b":227}]}],"statement":"-- The stored tiles (level -1: entries) among the given (level, index) pairs.\nSELECT t.level AS \"level!\", t.tile_index::text AS \"tile_index!\", t.hashes AS \"hashes!\"\n  FROM tlog_tiles AS t\n  JOIN unnest(:levels!::int[], :indexes!::bigint[]) AS w(level, tile_index)\n    ON t.level = w.level AND t.tile_index = w.tile_index"};

/**
 * Query generated from SQL:
 * ```
 * -- The stored tiles (level -1: entries) among the given (level, index) pairs.
 * SELECT t.level AS "level!", t.tile_index::text AS "tile_index!", t.hashes AS "hashes!"
 *   FROM tlog_tiles AS t
 *   JOIN unnest(:levels!::int[], :indexes!::bigint[]) AS w(level, tile_index)
 *     ON t.level = w.level AND t.tile_index = w.tile_index
 * ```
 */
export const readTiles = new PreparedQuery<IReadTilesParams,IReadTilesResult>(readTilesIR);


/** 'QueuedEntries' parameters type */
export interface IQueuedEntriesParams {
  limit: NumberOrString;
}

/** 'QueuedEntries' return type */
export interface IQueuedEntriesResult {
  entry_hash: Buffer;
  id: string;
}

/** 'QueuedEntries' query type */
export interface IQueuedEntriesQuery {
  params: IQueuedEntriesParams;
  result: IQueuedEntriesResult;
}

const queuedEntriesIR: any = {"usedParamSet":{"limit":true},"params":[{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":246,"b":252}]}],"statement":"-- The chained contexts not yet in the log, by id: the order they are appended in.\nSELECT q.id AS \"id!\", c.entry_hash AS \"entry_hash!\"\n  FROM tlog_queue AS q JOIN contexts AS c ON c.id = q.id\n WHERE c.entry_hash IS NOT NULL\n ORDER BY q.id\n LIMIT :limit!"};

/**
 * Query generated from SQL:
 * ```
 * -- The chained contexts not yet in the log, by id: the order they are appended in.
 * SELECT q.id AS "id!", c.entry_hash AS "entry_hash!"
 *   FROM tlog_queue AS q JOIN contexts AS c ON c.id = q.id
 *  WHERE c.entry_hash IS NOT NULL
 *  ORDER BY q.id
 *  LIMIT :limit!
 * ```
 */
export const queuedEntries = new PreparedQuery<IQueuedEntriesParams,IQueuedEntriesResult>(queuedEntriesIR);


/** 'AppendLeaves' parameters type */
export interface IAppendLeavesParams {
  first: NumberOrString;
  ids: stringArray;
}

/** 'AppendLeaves' return type */
export type IAppendLeavesResult = void;

/** 'AppendLeaves' query type */
export interface IAppendLeavesQuery {
  params: IAppendLeavesParams;
  result: IAppendLeavesResult;
}

const appendLeavesIR: any = {"usedParamSet":{"first":true,"ids":true},"params":[{"name":"first","required":true,"transform":{"type":"scalar"},"locs":[{"a":163,"b":169}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":205,"b":209}]}],"statement":"-- The contexts' log indexes from `first` on, in the order given; each leaves the queue.\nWITH leaves AS (\n  INSERT INTO tlog_leaves (id, log_index)\n  SELECT l.id, :first!::bigint + l.n - 1\n    FROM unnest(:ids!::text[]) WITH ORDINALITY AS l(id, n)\n  RETURNING id)\nDELETE FROM tlog_queue AS q USING leaves WHERE q.id = leaves.id"};

/**
 * Query generated from SQL:
 * ```
 * -- The contexts' log indexes from `first` on, in the order given; each leaves the queue.
 * WITH leaves AS (
 *   INSERT INTO tlog_leaves (id, log_index)
 *   SELECT l.id, :first!::bigint + l.n - 1
 *     FROM unnest(:ids!::text[]) WITH ORDINALITY AS l(id, n)
 *   RETURNING id)
 * DELETE FROM tlog_queue AS q USING leaves WHERE q.id = leaves.id
 * ```
 */
export const appendLeaves = new PreparedQuery<IAppendLeavesParams,IAppendLeavesResult>(appendLeavesIR);


/** 'WriteTiles' parameters type */
export interface IWriteTilesParams {
  hashes: BufferArray;
  indexes: NumberOrStringArray;
  levels: numberArray;
}

/** 'WriteTiles' return type */
export type IWriteTilesResult = void;

/** 'WriteTiles' query type */
export interface IWriteTilesQuery {
  params: IWriteTilesParams;
  result: IWriteTilesResult;
}

const writeTilesIR: any = {"usedParamSet":{"levels":true,"indexes":true,"hashes":true},"params":[{"name":"levels","required":true,"transform":{"type":"scalar"},"locs":[{"a":72,"b":79}]},{"name":"indexes","required":true,"transform":{"type":"scalar"},"locs":[{"a":94,"b":102}]},{"name":"hashes","required":true,"transform":{"type":"scalar"},"locs":[{"a":115,"b":122}]}],"statement":"INSERT INTO tlog_tiles (level, tile_index, hashes)\nSELECT * FROM unnest(:levels!::smallint[], :indexes!::bigint[], :hashes!::bytea[])\nON CONFLICT (level, tile_index) DO UPDATE SET hashes = EXCLUDED.hashes"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO tlog_tiles (level, tile_index, hashes)
 * SELECT * FROM unnest(:levels!::smallint[], :indexes!::bigint[], :hashes!::bytea[])
 * ON CONFLICT (level, tile_index) DO UPDATE SET hashes = EXCLUDED.hashes
 * ```
 */
export const writeTiles = new PreparedQuery<IWriteTilesParams,IWriteTilesResult>(writeTilesIR);


/** 'InsertCheckpoint' parameters type */
export interface IInsertCheckpointParams {
  note: string;
  size: NumberOrString;
}

/** 'InsertCheckpoint' return type */
export type IInsertCheckpointResult = void;

/** 'InsertCheckpoint' query type */
export interface IInsertCheckpointQuery {
  params: IInsertCheckpointParams;
  result: IInsertCheckpointResult;
}

const insertCheckpointIR: any = {"usedParamSet":{"size":true,"note":true},"params":[{"name":"size","required":true,"transform":{"type":"scalar"},"locs":[{"a":50,"b":55}]},{"name":"note","required":true,"transform":{"type":"scalar"},"locs":[{"a":66,"b":71}]}],"statement":"INSERT INTO tlog_checkpoints (size, note) VALUES (:size!::bigint, :note!)"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO tlog_checkpoints (size, note) VALUES (:size!::bigint, :note!)
 * ```
 */
export const insertCheckpoint = new PreparedQuery<IInsertCheckpointParams,IInsertCheckpointResult>(insertCheckpointIR);


