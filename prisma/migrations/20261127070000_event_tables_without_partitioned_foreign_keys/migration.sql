-- The foreign keys between the day-partitioned tables go: webhook_deliveries → outbox_events and
-- webhook_attempts → webhook_deliveries. PostgreSQL 15 checks each inserted row against the
-- partitioned parent with a generic plan that locks every partition and its indexes (ten days:
-- ~70 locks a row): the webhook worker's record statement spent 1.3–4.9 ms of its 3–7 ms on 8 rows
-- in these checks, and the fan-out's INSERT of deliveries ~125 µs a row. Integrity holds without
-- them: deliveries are inserted from their events (fan-out) and attempts from their deliveries
-- (UPDATE … RETURNING) in one statement each; retention drops a day's three partitions together,
-- and purgeExpiredEvents (rows outside any day) deletes an event's deliveries and attempts with it.
-- The keys to users and webhooks (plain tables) stay.
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_delivery_id_event_id_fkey";
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_id_fkey";
