-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "disabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "disabled_reason" TEXT,
ADD COLUMN     "failing_since" TIMESTAMPTZ(3),
ADD COLUMN     "rate_limit" INTEGER;

-- CreateIndex
CREATE INDEX "outbox_events_user_id_id_idx" ON "outbox_events"("user_id", "id");

-- CreateIndex
CREATE INDEX "outbox_events_user_id_event_id_idx" ON "outbox_events"("user_id", "event", "id");

-- CreateIndex
CREATE INDEX "outbox_events_created_at_idx" ON "outbox_events"("created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");

-- Webhooks already failing count from their last change (the best lower bound there is).
UPDATE "webhooks" SET "failing_since" = "updated_at" WHERE "status" = 'failing';
