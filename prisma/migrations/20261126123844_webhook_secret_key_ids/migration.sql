-- Webhook secrets are encrypted at rest from now on; the key id of each value is stored beside it.
-- Existing rows keep NULL key ids: plaintext, still accepted, until `ctxlog secrets reencrypt`.
-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "previous_secret_key_id" TEXT,
ADD COLUMN     "secret_key_id" TEXT;
