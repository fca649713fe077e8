-- The two hash lookups of contexts become HASH indexes (storage per context). Every statement that
-- finds contexts by context_hash (verification by data: find-anchored-contexts.sql; the search box:
-- search-records.sql) or by entry_hash (the search box) asks for one value with `=`: none orders by
-- either hash or takes a range of them, which a HASH index cannot serve. A btree entry holds the
-- 32-byte hash itself (52 bytes with its header and line pointer): ~60 bytes a context for each
-- index built compact (bench:storage), ~77 as written row by row. A HASH entry holds the value's
-- 4-byte hash code (20 bytes with its header and line pointer) in buckets filled to 75 % and
-- allocated in powers of two: 33 to 48 bytes a context for each, measured from 50,000 to 1,000,000
-- rows of SHA-256 hashes. A lookup reads its bucket and rechecks the hash in the row. A HASH index
-- holds no NULLs: a context logged before logs were chained (no entry_hash) has no entry in
-- contexts_entry_hash_idx, where the btree kept one.
--
-- The same names, so prisma/schema.prisma (`type: Hash`) describes them. Each CREATE reads every
-- context row once and blocks writes to contexts while it runs, like the release's other
-- migrations: stop every process, migrate, start (docs/operations.md, Upgrades).
DROP INDEX "contexts_context_hash_idx";

DROP INDEX "contexts_entry_hash_idx";

CREATE INDEX "contexts_context_hash_idx" ON "contexts" USING HASH ("context_hash");

CREATE INDEX "contexts_entry_hash_idx" ON "contexts" USING HASH ("entry_hash");
