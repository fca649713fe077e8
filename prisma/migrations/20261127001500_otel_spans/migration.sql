-- CreateTable
CREATE TABLE "otel_spans" (
    "user_id" TEXT NOT NULL,
    "trace_id" TEXT NOT NULL,
    "span_id" TEXT NOT NULL,
    "context_id" TEXT NOT NULL,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "otel_spans_pkey" PRIMARY KEY ("user_id","trace_id","span_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "otel_spans_context_id_key" ON "otel_spans"("context_id");
