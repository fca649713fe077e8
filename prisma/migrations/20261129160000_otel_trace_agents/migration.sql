-- CreateTable
CREATE TABLE "otel_trace_agents" (
    "user_id" TEXT NOT NULL,
    "trace_id" TEXT NOT NULL,
    "agent_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "otel_trace_agents_pkey" PRIMARY KEY ("user_id","trace_id")
);

-- CreateTable
CREATE TABLE "otel_held_spans" (
    "user_id" TEXT NOT NULL,
    "trace_id" TEXT NOT NULL,
    "span_id" TEXT NOT NULL,
    "api_key_id" TEXT NOT NULL,
    "key_family_id" TEXT NOT NULL,
    "span" JSONB NOT NULL,
    "held_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "otel_held_spans_pkey" PRIMARY KEY ("user_id","trace_id","span_id")
);

-- CreateIndex
CREATE INDEX "otel_trace_agents_created_at_idx" ON "otel_trace_agents"("created_at");

-- CreateIndex
CREATE INDEX "otel_held_spans_held_at_idx" ON "otel_held_spans"("held_at");
