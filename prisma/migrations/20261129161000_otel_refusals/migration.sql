-- CreateTable
CREATE TABLE "otel_refusals" (
    "user_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "spans" INTEGER NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,
    "sample" TEXT NOT NULL,
    "service_name" TEXT,
    "suggested_agent_id" TEXT,

    CONSTRAINT "otel_refusals_pkey" PRIMARY KEY ("user_id","reason","hour")
);
