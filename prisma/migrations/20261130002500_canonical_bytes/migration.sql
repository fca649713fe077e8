-- The size of a context's canonical JSON in bytes, what an export of it weighs, from the head of its
-- stored form (contexts.canonical_data; the form is @ctxlog/core stored-data.ts, whose test
-- vectors packages/db/src/agents/canonical-bytes.test.ts holds this function to): 0x01 (DEFLATE)
-- then the text's length in 4 bytes big-endian, else 0x00 then the text itself. substring reads
-- only the first TOAST chunk of a value stored out of line, and octet_length reads the length
-- from the header: the data is never inflated nor loaded whole. NULL once erased.
CREATE FUNCTION ctxlog_canonical_bytes(stored bytea) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE get_byte(substring(stored from 1 for 5), 0)
         WHEN 1 THEN ('x' || encode(substring(stored from 2 for 4), 'hex'))::bit(32)::bigint
         ELSE octet_length(stored) - 1 END
$$;
