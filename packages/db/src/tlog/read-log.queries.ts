/** Types generated for queries found in "packages/db/src/tlog/read-log.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'LatestCheckpoint' parameters type */
export type ILatestCheckpointParams = void;

/** 'LatestCheckpoint' return type */
export interface ILatestCheckpointResult {
  created_at: Date;
  note: string;
  size: string;
}

/** 'LatestCheckpoint' query type */
export interface ILatestCheckpointQuery {
  params: ILatestCheckpointParams;
  result: ILatestCheckpointResult;
}

const latestCheckpointIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT size::text AS \"size!\", note AS \"note!\", created_at AS \"created_at!\"\n  FROM tlog_checkpoints ORDER BY size DESC LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT size::text AS "size!", note AS "note!", created_at AS "created_at!"
 *   FROM tlog_checkpoints ORDER BY size DESC LIMIT 1
 * ```
 */
export const latestCheckpoint = new PreparedQuery<ILatestCheckpointParams,ILatestCheckpointResult>(latestCheckpointIR);


/** 'CheckpointAt' parameters type */
export interface ICheckpointAtParams {
  size: NumberOrString;
}

/** 'CheckpointAt' return type */
export interface ICheckpointAtResult {
  created_at: Date;
  note: string;
  size: string;
}

/** 'CheckpointAt' query type */
export interface ICheckpointAtQuery {
  params: ICheckpointAtParams;
  result: ICheckpointAtResult;
}

const checkpointAtIR: any = {"usedParamSet":{"size":true},"params":[{"name":"size","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":117}]}],"statement":"SELECT size::text AS \"size!\", note AS \"note!\", created_at AS \"created_at!\"\n  FROM tlog_checkpoints WHERE size = :size!::bigint"};

/**
 * Query generated from SQL:
 * ```
 * SELECT size::text AS "size!", note AS "note!", created_at AS "created_at!"
 *   FROM tlog_checkpoints WHERE size = :size!::bigint
 * ```
 */
export const checkpointAt = new PreparedQuery<ICheckpointAtParams,ICheckpointAtResult>(checkpointAtIR);


/** 'ReadTile' parameters type */
export interface IReadTileParams {
  index: NumberOrString;
  level: number;
}

/** 'ReadTile' return type */
export interface IReadTileResult {
  hashes: Buffer;
}

/** 'ReadTile' query type */
export interface IReadTileQuery {
  params: IReadTileParams;
  result: IReadTileResult;
}

const readTileIR: any = {"usedParamSet":{"level":true,"index":true},"params":[{"name":"level","required":true,"transform":{"type":"scalar"},"locs":[{"a":57,"b":63}]},{"name":"index","required":true,"transform":{"type":"scalar"},"locs":[{"a":92,"b":98}]}],"statement":"SELECT hashes AS \"hashes!\" FROM tlog_tiles WHERE level = :level!::smallint AND tile_index = :index!::bigint"};

/**
 * Query generated from SQL:
 * ```
 * SELECT hashes AS "hashes!" FROM tlog_tiles WHERE level = :level!::smallint AND tile_index = :index!::bigint
 * ```
 */
export const readTile = new PreparedQuery<IReadTileParams,IReadTileResult>(readTileIR);


/** 'LogIndexesOf' parameters type */
export interface ILogIndexesOfParams {
  ids: stringArray;
}

/** 'LogIndexesOf' return type */
export interface ILogIndexesOfResult {
  id: string;
  log_index: string;
}

/** 'LogIndexesOf' query type */
export interface ILogIndexesOfQuery {
  params: ILogIndexesOfParams;
  result: ILogIndexesOfResult;
}

const logIndexesOfIR: any = {"usedParamSet":{"ids":true},"params":[{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":237,"b":241}]}],"statement":"-- wherever each is held (ctxlog_log_index: tlog_leaves until a tree head's confirmation, then\n-- confirmed_contexts); the contexts the log does not hold are left out\nSELECT k.id AS \"id!\", i.log_index::text AS \"log_index!\"\n  FROM unnest(:ids!::text[]) AS k(id)\n  LEFT JOIN tlog_leaves AS l ON l.id = k.id\n  LEFT JOIN confirmed_contexts AS m ON m.id = k.id\n  LEFT JOIN anchors AS a ON a.ref = m.anchor_ref\n CROSS JOIN LATERAL (SELECT ctxlog_log_index(l.log_index, a.tree_size, m.leaf_index) AS log_index) AS i\n WHERE i.log_index IS NOT NULL"};

/**
 * Query generated from SQL:
 * ```
 * -- wherever each is held (ctxlog_log_index: tlog_leaves until a tree head's confirmation, then
 * -- confirmed_contexts); the contexts the log does not hold are left out
 * SELECT k.id AS "id!", i.log_index::text AS "log_index!"
 *   FROM unnest(:ids!::text[]) AS k(id)
 *   LEFT JOIN tlog_leaves AS l ON l.id = k.id
 *   LEFT JOIN confirmed_contexts AS m ON m.id = k.id
 *   LEFT JOIN anchors AS a ON a.ref = m.anchor_ref
 *  CROSS JOIN LATERAL (SELECT ctxlog_log_index(l.log_index, a.tree_size, m.leaf_index) AS log_index) AS i
 *  WHERE i.log_index IS NOT NULL
 * ```
 */
export const logIndexesOf = new PreparedQuery<ILogIndexesOfParams,ILogIndexesOfResult>(logIndexesOfIR);


/** 'NewestKey' parameters type */
export type INewestKeyParams = void;

/** 'NewestKey' return type */
export interface INewestKeyResult {
  verifier_key: string;
}

/** 'NewestKey' query type */
export interface INewestKeyQuery {
  params: INewestKeyParams;
  result: INewestKeyResult;
}

const newestKeyIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT verifier_key AS \"verifier_key!\" FROM tlog_keys ORDER BY published_at DESC, verifier_key LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * SELECT verifier_key AS "verifier_key!" FROM tlog_keys ORDER BY published_at DESC, verifier_key LIMIT 1
 * ```
 */
export const newestKey = new PreparedQuery<INewestKeyParams,INewestKeyResult>(newestKeyIR);


/** 'PublishKey' parameters type */
export interface IPublishKeyParams {
  verifierKey: string;
}

/** 'PublishKey' return type */
export type IPublishKeyResult = void;

/** 'PublishKey' query type */
export interface IPublishKeyQuery {
  params: IPublishKeyParams;
  result: IPublishKeyResult;
}

const publishKeyIR: any = {"usedParamSet":{"verifierKey":true},"params":[{"name":"verifierKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":113,"b":125}]}],"statement":"-- published once: a restart with the same key keeps its first time\nINSERT INTO tlog_keys (verifier_key) VALUES (:verifierKey!) ON CONFLICT (verifier_key) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * -- published once: a restart with the same key keeps its first time
 * INSERT INTO tlog_keys (verifier_key) VALUES (:verifierKey!) ON CONFLICT (verifier_key) DO NOTHING
 * ```
 */
export const publishKey = new PreparedQuery<IPublishKeyParams,IPublishKeyResult>(publishKeyIR);


/** 'PublishedKeys' parameters type */
export type IPublishedKeysParams = void;

/** 'PublishedKeys' return type */
export interface IPublishedKeysResult {
  verifier_key: string;
}

/** 'PublishedKeys' query type */
export interface IPublishedKeysQuery {
  params: IPublishedKeysParams;
  result: IPublishedKeysResult;
}

const publishedKeysIR: any = {"usedParamSet":{},"params":[],"statement":"SELECT verifier_key AS \"verifier_key!\" FROM tlog_keys ORDER BY published_at DESC, verifier_key"};

/**
 * Query generated from SQL:
 * ```
 * SELECT verifier_key AS "verifier_key!" FROM tlog_keys ORDER BY published_at DESC, verifier_key
 * ```
 */
export const publishedKeys = new PreparedQuery<IPublishedKeysParams,IPublishedKeysResult>(publishedKeysIR);


