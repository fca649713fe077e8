-- One copy of a context's data, written once (issue 28, "a quarter of the storage").
--
-- 1. context_data (jsonb), metadata (jsonb) and canonical_json (text) held the same data three
--    ways. canonical_data keeps it once: one format byte, then the canonical JSON (RFC 8785 of
--    {agent_id, context_data, metadata}, the bytes context_hash is the hash of). The API writes
--    new rows DEFLATE-compressed (format 0x01, @ctxlog/core stored-data); the rows here are
--    converted as they are (format 0x00): PostgreSQL has no DEFLATE, and their bytes are the same.
--    context_data and metadata are parsed back from it on read: no query filters on them.
--    A row whose canonical_json is null was erased (the erasure nulls the three together): it
--    stays null. One that is not erased must have it, or this stops before changing anything.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "contexts" WHERE "canonical_json" IS NULL AND "data_erased_at" IS NULL) THEN
    RAISE EXCEPTION 'contexts without canonical_json that are not erased: their data cannot be kept';
  END IF;
END $$;

-- 2. merkle_proof: the 32-byte nodes concatenated (bytea) instead of a text[] of 0x-hex strings,
--    ~390 bytes instead of ~860 for a 12-step proof. Null until batched (and after a retry).
ALTER TABLE "contexts" ADD COLUMN "canonical_data" BYTEA, ADD COLUMN "merkle_proof_bytes" BYTEA;

UPDATE "contexts" SET
  "canonical_data" = CASE WHEN "canonical_json" IS NULL THEN NULL
    ELSE '\x00'::bytea || convert_to("canonical_json", 'UTF8') END,
  "merkle_proof_bytes" = CASE WHEN cardinality("merkle_proof") = 0 THEN NULL
    ELSE decode(replace(array_to_string("merkle_proof", ''), '0x', ''), 'hex') END;

ALTER TABLE "contexts" DROP COLUMN "canonical_json", DROP COLUMN "context_data", DROP COLUMN "metadata",
  DROP COLUMN "merkle_proof";
ALTER TABLE "contexts" RENAME COLUMN "merkle_proof_bytes" TO "merkle_proof";

-- 3. EXTERNAL: PostgreSQL does not compress it again (the API has), and moves it out of line only
--    when a row passes ~2 KB (TOAST_TUPLE_THRESHOLD; toast_tuple_target cannot lower that: the
--    toaster is not even called for a smaller row, bench:storage measured it). A 1 KiB context
--    compresses to a few hundred bytes and stays in the row.
ALTER TABLE "contexts" ALTER COLUMN "canonical_data" SET STORAGE EXTERNAL;
