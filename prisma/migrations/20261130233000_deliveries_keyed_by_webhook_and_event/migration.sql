-- A delivery is one event sent to one webhook, and now named by that alone (issue 37, storage per
-- context): its key becomes (webhook_id, event_id), the one index a delivery needs, and its own id
-- goes with the second index, on (webhook_id, id), that held it (~470 bytes a context compact with
-- two webhooks, of the ~1,700 its four deliveries took).
-- * Its public id is its event's ULID as `dlv_` (@ctxlog/core delivery-key.ts): the API's paths name
--   the webhook beside it, and it is what Standard Webhooks' `webhook-id` means, one message's id,
--   the same at every endpoint. The deliveries already stored change their public id to it (no
--   release is in anyone's hands: DESIGN.md, "Stored forms"), and so does what a retry of one
--   sends as `webhook-id`; an attempt made before shows the new id too (its packed headers are
--   rebuilt from the delivery's id on read). A queued job of the form before (`deliveryId`) is
--   refused by the worker, and the reconciler queues its delivery again, named by its key.
-- * (webhook_id, event_id) serves a webhook's deliveries newest first (event ids are time-ordered),
--   a delivery within its webhook, the fan-out's ON CONFLICT and the worker (jobs carry both); the
--   statements that find deliveries by event (an event's deliveries, the retention, the erasure)
--   name the user's webhooks too.
-- * The partial indexes follow: pending ones by (next_attempt_at, event_id, webhook_id), the
--   reconciler's order; failed ones by (webhook_id, event_id).
-- Building the key reads every partition under an ACCESS EXCLUSIVE lock, like the release's other
-- migrations: stop every process, migrate, start (docs/operations.md, Upgrades).
DROP INDEX "webhook_deliveries_webhook_id_id_idx";
DROP INDEX "webhook_deliveries_due_idx";
DROP INDEX "webhook_deliveries_failed_idx";

ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey",
DROP COLUMN "id",
ADD CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("webhook_id", "event_id");

CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at", "event_id", "webhook_id")
  WHERE "status" = 'pending';
CREATE INDEX "webhook_deliveries_failed_idx" ON "webhook_deliveries" ("webhook_id", "event_id")
  WHERE "status" = 'failed';
