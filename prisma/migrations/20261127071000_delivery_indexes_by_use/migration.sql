-- webhook_deliveries' and outbox_events' indexes, fitted to the queries that use them (issue 28,
-- storage per context).
-- Each delivery is inserted pending and updated once by its attempt (status changes, so the update
-- is never HOT): every index over a column the attempt changes got a second entry per delivery.
--
-- 1. Deliveries by status within a webhook (GET /v1/webhooks/:id/deliveries?status=, recover,
--    disable, abandon) look for `pending` or `failed`; `succeeded`, nearly every row, is listed
--    through (webhook_id, id). A succeeded delivery now leaves this index.
DROP INDEX "webhook_deliveries_webhook_id_status_id_idx";
CREATE INDEX "webhook_deliveries_unsettled_idx" ON "webhook_deliveries" ("webhook_id", "status", "id")
  WHERE "status" <> 'succeeded';

-- 2. The reconciler's due deliveries (status = 'pending' AND next_attempt_at <= now(), by
--    next_attempt_at): only pending rows, keyed as it reads them.
DROP INDEX "webhook_deliveries_status_next_attempt_at_idx";
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at", "id")
  WHERE "status" = 'pending';

-- 3. One index for an event's deliveries (GET /v1/events, retention) and for the fan-out's
--    uniqueness (ON CONFLICT (webhook_id, event_id) infers it from its columns in any order).
DROP INDEX "webhook_deliveries_webhook_id_event_id_key";
DROP INDEX "webhook_deliveries_event_id_idx";
CREATE UNIQUE INDEX "webhook_deliveries_event_id_webhook_id_key" ON "webhook_deliveries" ("event_id", "webhook_id");

-- 4. outbox_events: the fan-out reads the events not yet fanned out, oldest first; an event that
--    has been (or was recorded fanned out: no subscriber, a test event) leaves the index. Before,
--    each event had an entry for each of its versions, fanned out or not, which nothing read.
DROP INDEX "outbox_events_fanned_out_at_created_at_idx";
CREATE INDEX "outbox_events_unfanned_idx" ON "outbox_events" ("created_at") WHERE "fanned_out_at" IS NULL;
