-- outbox_events.created_at follows the partition key (the ULID id is minted with the event, the
-- time the row is written), so within a day's partition the rows lie in created_at order: a BRIN
-- index (one summary per 128 pages) answers its two readers — retention's "anything recorded at or
-- after the cutoff in this day?" and the purge of rows outside every day — for a few hundred bytes
-- a day instead of a B-tree entry per event.
DROP INDEX "outbox_events_created_at_idx";
CREATE INDEX "outbox_events_created_at_idx" ON "outbox_events" USING BRIN ("created_at");
