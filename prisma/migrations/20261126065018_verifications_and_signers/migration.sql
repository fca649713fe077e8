-- CreateTable
CREATE TABLE "verifications" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "api_key_id" TEXT NOT NULL,
    "context_id" TEXT,
    "transaction_hash" TEXT,
    "verified" BOOLEAN NOT NULL,
    "agent_id" TEXT NOT NULL,
    "context_hash" TEXT NOT NULL,
    "signature_valid" BOOLEAN NOT NULL,
    "hash_matches" BOOLEAN NOT NULL,
    "block_number" BIGINT,
    "confirmations" INTEGER NOT NULL DEFAULT 0,
    "verification_time_ms" INTEGER NOT NULL,
    "checks" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "signers" (
    "address" TEXT NOT NULL,
    "valid_from" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "valid_until" TIMESTAMPTZ(3),

    CONSTRAINT "signers_pkey" PRIMARY KEY ("address")
);

-- CreateIndex
CREATE INDEX "verifications_user_id_id_idx" ON "verifications"("user_id", "id");

-- AddForeignKey
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
