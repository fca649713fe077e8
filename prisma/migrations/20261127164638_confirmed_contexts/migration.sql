-- A confirmation no longer rewrites the context row (issues 23 and 28): it writes this narrow row
-- (the batch and the leaf) and takes the context out of pending_contexts, in one transaction.
-- Rewriting the row was a whole new version of it (~1 kB: the data lives in it) and, at
-- fillfactor 100, an entry in each of its seven indexes, for three columns. Rows confirmed before
-- keep their status, anchor_id, leaf_index and proof; readers resolve both (a context is confirmed
-- when it has a row here or its own status says so).
CREATE TABLE "confirmed_contexts" (
    "id" TEXT NOT NULL,
    "anchor_id" TEXT NOT NULL,
    "leaf_index" INTEGER NOT NULL,

    CONSTRAINT "confirmed_contexts_pkey" PRIMARY KEY ("id")
);
