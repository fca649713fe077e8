-- DropIndex
DROP INDEX "accounts_email_key";

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "disabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "sign_in_email" TEXT;

-- Backfill: every account that has set a password signs in with its email (unique until now)
UPDATE "accounts" SET "sign_in_email" = "email" WHERE "password_hash" IS NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "accounts_sign_in_email_key" ON "accounts"("sign_in_email");

-- CreateIndex
CREATE UNIQUE INDEX "accounts_user_id_email_key" ON "accounts"("user_id", "email");
