/* @name takeSequencerLock */
-- One sequencer at a time across processes: this transaction-scoped advisory lock, tried (not
-- waited for), so a second sequencer skips its turn instead of queueing behind the first.
SELECT pg_try_advisory_xact_lock(:key!::bigint) AS "locked!";

/* @name latestCheckpointSize */
SELECT size::text AS "size!" FROM tlog_checkpoints ORDER BY size DESC LIMIT 1;

/* @name readTiles */
-- The stored tiles (level -1: entries) among the given (level, index) pairs.
SELECT t.level AS "level!", t.tile_index::text AS "tile_index!", t.hashes AS "hashes!"
  FROM tlog_tiles AS t
  JOIN unnest(:levels!::int[], :indexes!::bigint[]) AS w(level, tile_index)
    ON t.level = w.level AND t.tile_index = w.tile_index;

/* @name queuedEntries */
-- The chained contexts not yet in the log, by id: the order they are appended in.
SELECT q.id AS "id!", c.entry_hash AS "entry_hash!"
  FROM tlog_queue AS q JOIN contexts AS c ON c.id = q.id
 WHERE c.entry_hash IS NOT NULL
 ORDER BY q.id
 LIMIT :limit!;

/* @name appendLeaves */
-- The contexts' log indexes from `first` on, in the order given; each leaves the queue.
WITH leaves AS (
  INSERT INTO tlog_leaves (id, log_index)
  SELECT l.id, :first!::bigint + l.n - 1
    FROM unnest(:ids!::text[]) WITH ORDINALITY AS l(id, n)
  RETURNING id)
DELETE FROM tlog_queue AS q USING leaves WHERE q.id = leaves.id;

/* @name writeTiles */
INSERT INTO tlog_tiles (level, tile_index, hashes)
SELECT * FROM unnest(:levels!::smallint[], :indexes!::bigint[], :hashes!::bytea[])
ON CONFLICT (level, tile_index) DO UPDATE SET hashes = EXCLUDED.hashes;

/* @name insertCheckpoint */
INSERT INTO tlog_checkpoints (size, note) VALUES (:size!::bigint, :note!);
