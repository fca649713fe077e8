-- A context's hashes and signature as their bytes (issue 28: "hashes and signatures in binary
-- columns"). As 0x-hex text, context_hash, entry_hash and prev_entry_hash took 67 bytes each and
-- the signature 133; as bytea 33 and 66: ~200 bytes less a row, and the two hash indexes' entries
-- shrink from ~80 to ~48 bytes. Readers see 0x-hex as before: the application converts what Prisma
-- reads, and SQL that hands a hash out says ctxlog_hex(column).
--
-- Every value the API ever wrote is 0x followed by lowercase hex (viem's hashes and signatures), so
-- decode() takes each one back exactly; a value that is not hex stops the migration here rather
-- than being stored as something else. The ALTER rewrites the table and rebuilds its indexes under
-- an exclusive lock: on a large table, run it in a maintenance window (docs/operations.md).

-- '0x' || lowercase hex of the bytes; NULL stays NULL. Inlined by the planner (SQL, immutable).
CREATE OR REPLACE FUNCTION ctxlog_hex(b bytea) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT '0x' || encode(b, 'hex') $$;

-- The bytes of a 0x-hex string (the 0x is optional); NULL stays NULL, anything else is an error.
-- Not STRICT: a STRICT SQL function whose body holds a CASE is never inlined by the planner.
CREATE OR REPLACE FUNCTION ctxlog_unhex(h text) RETURNS bytea
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT decode(CASE WHEN h LIKE '0x%' THEN substr(h, 3) ELSE h END, 'hex') $$;

ALTER TABLE "contexts"
  ALTER COLUMN "context_hash" TYPE BYTEA USING ctxlog_unhex("context_hash"),
  ALTER COLUMN "signature" TYPE BYTEA USING ctxlog_unhex("signature"),
  ALTER COLUMN "entry_hash" TYPE BYTEA USING ctxlog_unhex("entry_hash"),
  ALTER COLUMN "prev_entry_hash" TYPE BYTEA USING ctxlog_unhex("prev_entry_hash");
