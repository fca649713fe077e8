-- Every webhook secret is sealed (issue 37: one stored form). The data step sealed_secrets
-- (packages/db/src/data-steps/sealed-secrets.ts), run right before this migration, encrypted the
-- plaintext ones written before encryption existed; from here a key id is required beside every
-- current secret, and the readers' plaintext branch is gone. (A previous secret's key id is set
-- with it by the one statement that writes both, rotate-webhook-secret.sql: no CHECK constraint
-- says so, since Prisma's schema engine cannot read one.)
ALTER TABLE "webhooks" ALTER COLUMN "secret_key_id" SET NOT NULL;
