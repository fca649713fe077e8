-- Events are written once (issue 28): the fan-out's queue leaves the event's row. It found events
-- by `fanned_out_at IS NULL` (a partial index) and set the column once their deliveries were
-- created, which rewrote every event — a new version of a ~700-byte row and an entry in each of its
-- indexes. Now an event not yet fanned out is a row of unfanned_events, written with the event and
-- deleted with the creation of its deliveries.
CREATE TABLE "unfanned_events" (
    "id" TEXT NOT NULL,

    CONSTRAINT "unfanned_events_pkey" PRIMARY KEY ("id")
);

-- the events waiting now stay waiting
INSERT INTO "unfanned_events" ("id") SELECT "id" FROM "outbox_events" WHERE "fanned_out_at" IS NULL;

DROP INDEX "outbox_events_unfanned_idx";
ALTER TABLE "outbox_events" DROP COLUMN "fanned_out_at";
