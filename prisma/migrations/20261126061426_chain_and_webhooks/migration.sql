-- CreateEnum
CREATE TYPE "AnchorStatus" AS ENUM ('queued', 'sent', 'mined', 'confirmed', 'failed');

-- CreateEnum
CREATE TYPE "AnchorTransactionStatus" AS ENUM ('signed', 'broadcast', 'mined', 'replaced', 'abandoned');

-- CreateEnum
CREATE TYPE "WebhookStatus" AS ENUM ('active', 'failing');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- AlterTable
ALTER TABLE "contexts" ADD COLUMN     "anchor_id" TEXT,
ADD COLUMN     "leaf_index" INTEGER,
ADD COLUMN     "merkle_proof" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "anchors" (
    "id" TEXT NOT NULL,
    "signer_address" TEXT NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "network" TEXT NOT NULL,
    "registry_address" TEXT NOT NULL,
    "merkle_root" TEXT NOT NULL,
    "context_count" INTEGER NOT NULL,
    "status" "AnchorStatus" NOT NULL DEFAULT 'queued',
    "nonce" INTEGER,
    "transaction_hash" TEXT,
    "block_number" BIGINT,
    "block_hash" TEXT,
    "block_timestamp" TIMESTAMPTZ(3),
    "gas_used" BIGINT,
    "send_attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "first_error_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "failure_reason" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "mined_at" TIMESTAMPTZ(3),
    "confirmed_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "anchors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "anchor_transactions" (
    "hash" TEXT NOT NULL,
    "anchor_id" TEXT NOT NULL,
    "signer_address" TEXT NOT NULL,
    "nonce" INTEGER NOT NULL,
    "raw_transaction" TEXT NOT NULL,
    "max_fee_per_gas" DECIMAL(78,0) NOT NULL,
    "max_priority_fee_per_gas" DECIMAL(78,0) NOT NULL,
    "gas_limit" INTEGER NOT NULL,
    "status" "AnchorTransactionStatus" NOT NULL DEFAULT 'signed',
    "broadcast_block" BIGINT,
    "broadcast_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "anchor_transactions_pkey" PRIMARY KEY ("hash")
);

-- CreateTable
CREATE TABLE "signer_leases" (
    "signer_address" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "epoch" BIGINT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "signer_leases_pkey" PRIMARY KEY ("signer_address")
);

-- CreateTable
CREATE TABLE "chain_status" (
    "network" TEXT NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "registry_address" TEXT NOT NULL,
    "head_block" BIGINT NOT NULL,
    "block_time_ms" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chain_status_pkey" PRIMARY KEY ("network")
);

-- CreateTable
CREATE TABLE "webhooks" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "description" TEXT NOT NULL DEFAULT '',
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "status" "WebhookStatus" NOT NULL DEFAULT 'active',
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "cycle" INTEGER NOT NULL DEFAULT 1,
    "response_status" INTEGER,
    "error_message" TEXT,
    "last_attempt_at" TIMESTAMPTZ(3),
    "next_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" TEXT NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "cycle" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "response_status" INTEGER,
    "error" TEXT,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "anchors_status_signer_address_created_at_idx" ON "anchors"("status", "signer_address", "created_at");

-- CreateIndex
CREATE INDEX "anchor_transactions_anchor_id_idx" ON "anchor_transactions"("anchor_id");

-- CreateIndex
CREATE INDEX "anchor_transactions_signer_address_nonce_idx" ON "anchor_transactions"("signer_address", "nonce");

-- CreateIndex
CREATE INDEX "anchor_transactions_status_idx" ON "anchor_transactions"("status");

-- CreateIndex
CREATE INDEX "webhooks_user_id_id_idx" ON "webhooks"("user_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_id_idx" ON "webhook_deliveries"("webhook_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_status_id_idx" ON "webhook_deliveries"("webhook_id", "status", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_webhook_id_event_id_key" ON "webhook_deliveries"("webhook_id", "event_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_attempts_delivery_id_cycle_number_key" ON "webhook_attempts"("delivery_id", "cycle", "number");

-- CreateIndex
CREATE INDEX "contexts_anchor_id_idx" ON "contexts"("anchor_id");

-- AddForeignKey
ALTER TABLE "contexts" ADD CONSTRAINT "contexts_anchor_id_fkey" FOREIGN KEY ("anchor_id") REFERENCES "anchors"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "anchor_transactions" ADD CONSTRAINT "anchor_transactions_anchor_id_fkey" FOREIGN KEY ("anchor_id") REFERENCES "anchors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "outbox_events"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
