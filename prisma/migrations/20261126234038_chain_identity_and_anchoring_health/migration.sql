-- CreateTable
CREATE TABLE "chain_identity" (
    "id" TEXT NOT NULL DEFAULT 'anchor-chain',
    "chain_id" INTEGER NOT NULL,
    "genesis_hash" TEXT NOT NULL,
    "registry_address" TEXT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chain_identity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "anchoring_health" (
    "network" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "last_error" TEXT,
    "last_error_at" TIMESTAMPTZ(3),
    "oldest_pending_at" TIMESTAMPTZ(3),
    "threshold_seconds" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "anchoring_health_pkey" PRIMARY KEY ("network")
);
