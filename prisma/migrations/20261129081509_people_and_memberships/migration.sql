-- One person per email, one password, member of several users (tenants) through accounts.
-- Until now an account held its own password and sign_in_email (unique across users): the email
-- signed in to that one account. Each such account becomes a person of its own, with the same
-- password, and its membership (person_id). Accounts that never set a password stay invited.

-- CreateTable
CREATE TABLE "people" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "email_verified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "people_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "person_id" TEXT;

-- Rewrite: every account that set a password is a person (sign_in_email was unique, so one person
-- per email), id per_<the account's ULID>. Its email counts as proven only when the account was
-- made by the operator (invited_by_id null): a dashboard invitation's link was shown to the
-- inviter, who may have set the password themselves; such a person signs in to this account as
-- before but joins no further invitation until a link mailed to the address proves it.
INSERT INTO "people" ("id", "email", "password_hash", "email_verified_at", "created_at")
SELECT 'per_' || substr("id", 5), "sign_in_email", "password_hash",
       CASE WHEN "invited_by_id" IS NULL THEN "created_at" END, "created_at"
FROM "accounts"
WHERE "password_hash" IS NOT NULL AND "sign_in_email" IS NOT NULL;

UPDATE "accounts" SET "person_id" = 'per_' || substr("id", 5)
WHERE "password_hash" IS NOT NULL AND "sign_in_email" IS NOT NULL;

-- DropIndex
DROP INDEX "accounts_sign_in_email_key";

-- AlterTable
ALTER TABLE "accounts" DROP COLUMN "password_hash",
DROP COLUMN "sign_in_email";

-- CreateIndex
CREATE UNIQUE INDEX "people_email_key" ON "people"("email");

-- CreateIndex
CREATE INDEX "accounts_person_id_idx" ON "accounts"("person_id");

-- CreateIndex
CREATE INDEX "accounts_email_idx" ON "accounts"("email");

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE SET NULL ON UPDATE CASCADE;
