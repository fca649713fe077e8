-- The transparency log's witnesses (issue 43, C2SP tlog-witness): the chain worker sends each new
-- checkpoint to the witnesses in TLOG_WITNESSES and keeps the cosignatures they answer with; the
-- API serves the newest checkpoint that meets the witness policy, with every cosignature collected.

-- One cosignature (C2SP tlog-cosignature, cosignature/v1) per checkpoint and witness key: the
-- signature is what its signature line carries after the key ID (the 8-byte timestamp, then the
-- 64-byte Ed25519 signature), checked with the witness's key before it is stored. The newest size
-- a witness cosigned is where its next consistency proof starts (the second index).
CREATE TABLE "tlog_cosignatures" (
    "size" BIGINT NOT NULL,
    "witness" TEXT NOT NULL,
    "key_id" BIGINT NOT NULL,
    "signature" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tlog_cosignatures_pkey" PRIMARY KEY ("size","witness","key_id")
);

CREATE INDEX "tlog_cosignatures_witness_key_id_size_idx" ON "tlog_cosignatures"("witness", "key_id", "size");

ALTER TABLE "tlog_cosignatures" ADD CONSTRAINT "tlog_cosignatures_size_fkey" FOREIGN KEY ("size") REFERENCES "tlog_checkpoints"("size") ON DELETE CASCADE ON UPDATE CASCADE;

-- The witness policy the chain worker runs with (TLOG_WITNESSES, TLOG_WITNESS_THRESHOLD), one row
-- written at its start-up, so that every reader of the published checkpoint (the API) applies the
-- same k of n without being configured twice. `witnesses`: [{"name", "key_id", "verifier_key"}].
-- No row (a chain worker from before witnesses): no policy, the newest checkpoint is published.
-- One row: its statement writes id = true (no CHECK: Prisma's schema engine cannot read one).
CREATE TABLE "tlog_witness_policy" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "threshold" INTEGER NOT NULL,
    "witnesses" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tlog_witness_policy_pkey" PRIMARY KEY ("id")
);
