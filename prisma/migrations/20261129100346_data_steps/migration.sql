-- CreateTable
CREATE TABLE "ctxlog_data_steps" (
    "name" TEXT NOT NULL,
    "after_migration" TEXT NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ctxlog_data_steps_pkey" PRIMARY KEY ("name")
);
