-- A webhook's unsettled deliveries lose their index; its failed ones keep one (issue 28).
-- webhook_deliveries_unsettled_idx ((webhook_id, status, id) WHERE status <> 'succeeded') took an
-- entry for every delivery at its fan-out, dead once it succeeded: ~136 bytes a delivery as written
-- (four deliveries a context with two webhooks: ~540 bytes a context). What read it:
--   - a webhook's failed deliveries (its list filtered by status, the recovery, the overview's
--     count): this index, on failed rows alone — rare, and kept until the day is retired;
--   - its pending ones (its list filtered by status, closing them when it is disabled or deleted):
--     pending deliveries are the newest of a webhook, found first walking (webhook_id, id) newest
--     first, and all of them are in webhook_deliveries_due_idx (every pending delivery is due at
--     some time), a small index however long the history.
DROP INDEX "webhook_deliveries_unsettled_idx";
CREATE INDEX "webhook_deliveries_failed_idx" ON "webhook_deliveries" ("webhook_id", "id") WHERE "status" = 'failed';
