-- CreateEnum
CREATE TYPE "KeyType" AS ENUM ('full', 'read_only', 'public', 'restricted');

-- CreateEnum
CREATE TYPE "ContextStatus" AS ENUM ('pending', 'confirmed', 'failed');

-- CreateEnum
CREATE TYPE "Visibility" AS ENUM ('public', 'private');

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "type" "KeyType" NOT NULL,
    "hash" TEXT NOT NULL,
    "display_prefix" TEXT NOT NULL,
    "agent_patterns" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "family_id" TEXT NOT NULL,
    "rolled_from_id" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contexts" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "api_key_id" TEXT NOT NULL,
    "key_family_id" TEXT NOT NULL,
    "agent_id" TEXT NOT NULL,
    "context_data" JSONB NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "visibility" "Visibility" NOT NULL DEFAULT 'private',
    "canonical_json" TEXT NOT NULL,
    "context_hash" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "signer_address" TEXT NOT NULL,
    "status" "ContextStatus" NOT NULL DEFAULT 'pending',
    "network" TEXT NOT NULL,
    "transaction_hash" TEXT,
    "block_number" BIGINT,
    "block_timestamp" TIMESTAMPTZ(3),
    "confirmations" INTEGER NOT NULL DEFAULT 0,
    "gas_used" BIGINT,
    "confirmed_at" TIMESTAMPTZ(3),
    "confirmation_time_seconds" INTEGER,
    "estimated_confirmation" TIMESTAMPTZ(3) NOT NULL,
    "error_code" TEXT,
    "error_message" TEXT,
    "error_details" TEXT,
    "failure_reason" TEXT,
    "retry_possible" BOOLEAN,
    "failed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contexts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "context_id" TEXT,
    "payload" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fanned_out_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "user_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response_status" INTEGER NOT NULL,
    "response_body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("user_id","key")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_user_id_idx" ON "api_keys"("user_id");

-- CreateIndex
CREATE INDEX "api_keys_family_id_idx" ON "api_keys"("family_id");

-- CreateIndex
CREATE INDEX "contexts_user_id_id_idx" ON "contexts"("user_id", "id");

-- CreateIndex
CREATE INDEX "contexts_user_id_agent_id_id_idx" ON "contexts"("user_id", "agent_id", "id");

-- CreateIndex
CREATE INDEX "contexts_user_id_status_id_idx" ON "contexts"("user_id", "status", "id");

-- CreateIndex
CREATE INDEX "contexts_status_created_at_idx" ON "contexts"("status", "created_at");

-- CreateIndex
CREATE INDEX "contexts_context_hash_idx" ON "contexts"("context_hash");

-- CreateIndex
CREATE INDEX "outbox_events_fanned_out_at_created_at_idx" ON "outbox_events"("fanned_out_at", "created_at");

-- CreateIndex
CREATE INDEX "outbox_events_context_id_idx" ON "outbox_events"("context_id");

-- CreateIndex
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys"("expires_at");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contexts" ADD CONSTRAINT "contexts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contexts" ADD CONSTRAINT "contexts_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
