/* @name latestCheckpoint */
SELECT size::text AS "size!", note AS "note!", created_at AS "created_at!"
  FROM tlog_checkpoints ORDER BY size DESC LIMIT 1;

/* @name checkpointAt */
SELECT size::text AS "size!", note AS "note!", created_at AS "created_at!"
  FROM tlog_checkpoints WHERE size = :size!::bigint;

/* @name readTile */
SELECT hashes AS "hashes!" FROM tlog_tiles WHERE level = :level!::smallint AND tile_index = :index!::bigint;

/* @name logIndexesOf */
SELECT id AS "id!", log_index::text AS "log_index!" FROM tlog_leaves WHERE id = ANY(:ids!::text[]);

/* @name newestKey */
SELECT verifier_key AS "verifier_key!" FROM tlog_keys ORDER BY published_at DESC, verifier_key LIMIT 1;

/* @name publishKey */
-- published once: a restart with the same key keeps its first time
INSERT INTO tlog_keys (verifier_key) VALUES (:verifierKey!) ON CONFLICT (verifier_key) DO NOTHING;

/* @name publishedKeys */
SELECT verifier_key AS "verifier_key!" FROM tlog_keys ORDER BY published_at DESC, verifier_key;
