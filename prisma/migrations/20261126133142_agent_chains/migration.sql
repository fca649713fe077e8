-- AlterTable
ALTER TABLE "contexts" ADD COLUMN     "entry_hash" TEXT,
ADD COLUMN     "prev_entry_hash" TEXT,
ADD COLUMN     "sequence" INTEGER;

-- AlterTable
ALTER TABLE "signers" DROP CONSTRAINT "signers_pkey",
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'attestation',
ADD CONSTRAINT "signers_pkey" PRIMARY KEY ("address", "kind");

-- CreateTable
CREATE TABLE "agent_logs" (
    "user_id" TEXT NOT NULL,
    "agent_id" TEXT NOT NULL,
    "head_sequence" INTEGER NOT NULL,
    "head_entry_hash" TEXT NOT NULL,
    "first_at" TIMESTAMPTZ(3) NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agent_logs_pkey" PRIMARY KEY ("user_id","agent_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "contexts_user_id_agent_id_sequence_key" ON "contexts"("user_id", "agent_id", "sequence");
