-- An attempt is named by its delivery, cycle and number (issue 28): its own id (a ULID, 27 bytes)
-- and the primary key on it were about a fifth of the bytes of an attempt, and nothing looked an
-- attempt up by it — the delivery's attempts are read by (delivery_id, event_id), in cycle and
-- number order. The unique index on those columns becomes the primary key. On a large
-- webhook_attempts this rebuilds that index on every partition, under the migration's lock.
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_pkey",
DROP COLUMN "id",
ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("delivery_id", "event_id", "cycle", "number");

DROP INDEX "webhook_attempts_delivery_id_event_id_cycle_number_key";
