-- The rules SQL states as well as TypeScript (issue 37; docs/sql.md, "Rules stated twice"): each is
-- written once on each side, as one function here, and both sides are held to the same vectors in
-- test-vectors/ (packages/core/src/shared-vectors.test.ts for TypeScript,
-- packages/db/src/mirrored-rules.test.ts for these functions on PostgreSQL). No row is rewritten.

-- 1. A context's Merkle leaf (@ctxlog/core contextLeaf; test-vectors/merkle.json context_leaves):
--    its entry_hash, or its context_hash when it was logged before logs were chained (no
--    entry_hash). What a batch's claim hashes into its tree. Not STRICT, so that the planner
--    inlines it into the statement that calls it (no call per row).
CREATE FUNCTION ctxlog_context_leaf(context_hash bytea, entry_hash bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(entry_hash, context_hash)
$$;

-- 2. Whole seconds from a context's receipt (created_at) to its batch's confirmation
--    (anchors.confirmed_at), never negative, NULL while unconfirmed (@ctxlog/core
--    confirmationSeconds; test-vectors/confirmation-time.json). round() of numeric takes a half
--    second up, as Math.round does for the times it is given (never negative here). Not STRICT
--    (inlined, as above): a CASE, not greatest(), so that a NULL time gives NULL, not 0.
CREATE FUNCTION ctxlog_confirmation_seconds(created_at timestamptz, confirmed_at timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN confirmed_at - created_at < interval '0' THEN 0
              ELSE round(extract(epoch FROM confirmed_at - created_at))::integer END
$$;

-- 3. The smallest id with this prefix minted at or after `at` (@ctxlog/core idFloor;
--    test-vectors/ids.json floors), now clamped to the times a ULID's 48 bits of milliseconds hold,
--    as idFloor is (before, a time before 1970 gave characters outside the alphabet). The event
--    partitions' bounds (ctxlog_create_event_partitions) are its only use in SQL.
CREATE OR REPLACE FUNCTION ctxlog_ulid_floor(prefix text, at timestamptz) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  ms bigint := least(greatest(floor(extract(epoch FROM at) * 1000), 0), 281474976710655);
  t text := '';
BEGIN
  FOR i IN 1..10 LOOP
    t := substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (ms % 32)::int + 1, 1) || t;
    ms := ms / 32;
  END LOOP;
  RETURN prefix || '_' || t || repeat('0', 16);
END $$;

-- 4. An id's time in SQL had one use, the one-time copy of migration 20261127030000: no statement
--    reads it since (idTimestamp, in TypeScript, is the rule).
DROP FUNCTION ctxlog_ulid_time(text);
