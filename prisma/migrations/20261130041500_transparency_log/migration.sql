-- The transparency log (issue 43, slice 2): one RFC 6962 log of entry hashes across users, kept
-- by the chain worker's sequencer (apps/chain-worker/src/tlog) and served by the API (/v1/tlog).
-- Formats and storage apart (as Trillian Tessera keeps them): the stored tiles are what the log
-- serves and builds proofs from, the checkpoints are the signed notes themselves.

-- Chained contexts not yet in the log, written by the statement that inserts them
-- (receiveContexts) and deleted by the sequencer in the transaction that appends them. The
-- contexts row is never rewritten for the log.
CREATE TABLE "tlog_queue" (
    "id" TEXT NOT NULL,

    CONSTRAINT "tlog_queue_pkey" PRIMARY KEY ("id")
);

-- Each sequenced context's log index: one narrow row, keyed by the context's id (the primary key
-- also makes a context's second append fail rather than give it two leaves).
CREATE TABLE "tlog_leaves" (
    "id" TEXT NOT NULL,
    "log_index" BIGINT NOT NULL,

    CONSTRAINT "tlog_leaves_pkey" PRIMARY KEY ("id")
);

-- The tiles at the latest checkpoint's size: level 0 and up are C2SP tlog-tiles hash tiles, level
-- -1 the entry bundles' entries (the entry hashes, 32 bytes each, without the bundle's length
-- prefixes). A partial tile's row is rewritten as it widens; a narrower partial tile an older
-- checkpoint names is the first W hashes of it.
CREATE TABLE "tlog_tiles" (
    "level" SMALLINT NOT NULL,
    "tile_index" BIGINT NOT NULL,
    "hashes" BYTEA NOT NULL,

    CONSTRAINT "tlog_tiles_pkey" PRIMARY KEY ("level","tile_index")
);
-- SHA-256 hashes do not compress: PostgreSQL does not try (an 8 KiB tile is stored out of line as is)
ALTER TABLE "tlog_tiles" ALTER COLUMN "hashes" SET STORAGE EXTERNAL;

-- Every signed checkpoint, one per tree size, kept so any older one can be proven consistent with
-- the newest. The note is its one stored form (the root is read out of it).
CREATE TABLE "tlog_checkpoints" (
    "size" BIGINT NOT NULL,
    "note" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tlog_checkpoints_pkey" PRIMARY KEY ("size")
);

-- The log's verifier keys (C2SP signed-note, `name+key id+base64`), published by the sequencer at
-- start-up; GET /v1/tlog/key serves the newest.
CREATE TABLE "tlog_keys" (
    "verifier_key" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tlog_keys_pkey" PRIMARY KEY ("verifier_key")
);

-- Every context chained before this migration waits for the sequencer, which appends them by id.
INSERT INTO "tlog_queue" ("id") SELECT "id" FROM "contexts" WHERE "entry_hash" IS NOT NULL;
