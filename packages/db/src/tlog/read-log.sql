/* @name latestCheckpoint */
SELECT size::text AS "size!", note AS "note!", created_at AS "created_at!"
  FROM tlog_checkpoints ORDER BY size DESC LIMIT 1;

/* @name checkpointAt */
SELECT size::text AS "size!", note AS "note!", created_at AS "created_at!"
  FROM tlog_checkpoints WHERE size = :size!::bigint;

/* @name readTile */
SELECT hashes AS "hashes!" FROM tlog_tiles WHERE level = :level!::smallint AND tile_index = :index!::bigint;

/* @name logIndexesOf */
-- wherever each is held (ctxlog_log_index: tlog_leaves until a tree head's confirmation, then
-- confirmed_contexts); the contexts the log does not hold are left out
SELECT k.id AS "id!", i.log_index::text AS "log_index!"
  FROM unnest(:ids!::text[]) AS k(id)
  LEFT JOIN tlog_leaves AS l ON l.id = k.id
  LEFT JOIN confirmed_contexts AS m ON m.id = k.id
  LEFT JOIN anchors AS a ON a.ref = m.anchor_ref
 CROSS JOIN LATERAL (SELECT ctxlog_log_index(l.log_index, a.tree_size, m.leaf_index) AS log_index) AS i
 WHERE i.log_index IS NOT NULL;

/* @name newestKey */
SELECT verifier_key AS "verifier_key!" FROM tlog_keys ORDER BY published_at DESC, verifier_key LIMIT 1;

/* @name publishKey */
-- published once: a restart with the same key keeps its first time
INSERT INTO tlog_keys (verifier_key) VALUES (:verifierKey!) ON CONFLICT (verifier_key) DO NOTHING;

/* @name publishedKeys */
SELECT verifier_key AS "verifier_key!" FROM tlog_keys ORDER BY published_at DESC, verifier_key;
