-- One type for 32-byte hashes (issue 37, item 2), for the SHA-256 digests the service looks secrets
-- up by: an API key's hash, a dashboard session's and a sign-in link's token hash, and the hash of
-- an Idempotency-Key's request body, kept as 64 hex digits of text until now, become their bytes,
-- as every other 32-byte hash did (20261127194803, 20261130010108, 20261130031500): 65 bytes of text
-- each, 33 as bytea, in the row and again in each index entry. @ctxlog/core still computes them as
-- hex (the API's auth cache and rate limits key on that string); the db package turns the hex into
-- bytes where it binds it to a statement (hex-columns.ts, digestBytes), once.
--
-- In place, in this release (DESIGN.md, "Stored forms"): every value was written by the service as
-- the lowercase hex of a SHA-256 (hashApiKey, hashOpaqueToken, the API's request hash), so
-- decode(…, 'hex') takes each back exactly. One exception: an answer whose context's data was
-- erased had its request hash replaced by the word 'erased' (erase-contexts-data.ts), so that a
-- replay is refused as another request; it becomes the empty bytea, which no SHA-256 equals either.
-- A value that is not hex stops the migration in its ALTER, and one that is not 32 bytes (or, for
-- that one word, 0) in the check that follows, rather than being stored as something else. The
-- check is made once, here, and not kept as a CHECK constraint: Prisma's schema engine cannot read
-- one (see 20261129200000_one_event_form). Each ALTER rewrites its table and rebuilds its indexes
-- on the new type (api_keys_hash_key, sessions_token_hash_key, sign_in_links_token_hash_key: a
-- lookup stays one equality probe on a unique index) under an exclusive lock.

ALTER TABLE "api_keys" ALTER COLUMN "hash" TYPE BYTEA USING decode("hash", 'hex');

ALTER TABLE "sessions" ALTER COLUMN "token_hash" TYPE BYTEA USING decode("token_hash", 'hex');

ALTER TABLE "sign_in_links" ALTER COLUMN "token_hash" TYPE BYTEA USING decode("token_hash", 'hex');

ALTER TABLE "idempotency_keys" ALTER COLUMN "request_hash" TYPE BYTEA
  USING CASE WHEN "request_hash" = 'erased' THEN '\x'::bytea ELSE decode("request_hash", 'hex') END;

DO $$
DECLARE
  odd text;
BEGIN
  SELECT 'api key ' || id INTO odd FROM "api_keys" WHERE octet_length("hash") <> 32 LIMIT 1;
  IF odd IS NULL THEN
    SELECT 'session ' || id INTO odd FROM "sessions" WHERE octet_length("token_hash") <> 32 LIMIT 1;
  END IF;
  IF odd IS NULL THEN
    SELECT 'sign-in link ' || id INTO odd FROM "sign_in_links" WHERE octet_length("token_hash") <> 32 LIMIT 1;
  END IF;
  IF odd IS NULL THEN
    SELECT 'the Idempotency-Key ' || key || ' of key family ' || key_family_id INTO odd
      FROM "idempotency_keys" WHERE octet_length("request_hash") NOT IN (0, 32) LIMIT 1;
  END IF;
  IF odd IS NOT NULL THEN
    RAISE EXCEPTION '% holds a hash that is not 32 bytes: not storing it as something else', odd;
  END IF;
END $$;
