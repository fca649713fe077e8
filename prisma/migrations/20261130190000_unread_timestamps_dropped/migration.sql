-- Timestamps no reader needs (issue 37: 16 bytes a delivery, 8 a context).
-- * A delivery's created_at is its id's time: its id is a ULID minted when the fan-out (or a test
--   delivery) creates the row, so the API reads the time out of the id (@ctxlog/core idTimestamp).
-- * A delivery's updated_at had one reader, the overview's count of deliveries failed in the last
--   24 hours; it now counts those whose last attempt, or creation when they had none, falls in them
--   (a delivery fails at an attempt, or without one when its endpoint is disabled or deleted, which
--   happens to a delivery not yet attempted within seconds of its creation).
-- * A context's updated_at was written and never read.
-- DROP COLUMN rewrites no row: the rows already stored keep those bytes until they are rewritten
-- (VACUUM FULL, pg_repack), as operations.md says of the storage migrations.
ALTER TABLE "webhook_deliveries" DROP COLUMN "created_at", DROP COLUMN "updated_at";
ALTER TABLE "contexts" DROP COLUMN "updated_at";
