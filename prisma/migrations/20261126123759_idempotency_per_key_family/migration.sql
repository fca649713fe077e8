-- Idempotency-Key records move from per user to per key family (a key and its rolled successors).
-- A stored record's family is that of the context its response names (the key that created the
-- context made the record, in the same transaction); a record whose context cannot be found is
-- dropped rather than guessed, since these records only live 24 hours.
ALTER TABLE "idempotency_keys" ADD COLUMN "key_family_id" TEXT;

UPDATE "idempotency_keys" AS i
SET "key_family_id" = c."key_family_id"
FROM "contexts" AS c
WHERE c."id" = substring(i."response_body" from '"context_id":"([^"]+)"')
  AND c."user_id" = i."user_id";

DELETE FROM "idempotency_keys" WHERE "key_family_id" IS NULL;

-- AlterTable
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_pkey",
ALTER COLUMN "key_family_id" SET NOT NULL,
ADD CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("key_family_id", "key");
