-- A delivery is keyed by what makes it one: its event and its webhook (issue 28, storage per
-- context). The primary key (id, event_id) and the unique index (event_id, webhook_id) were two
-- entries per delivery for one row, each doubled by the attempt's update (not HOT: it changes
-- status): ~440 bytes per context as written with two webhooks. Every read by delivery id also
-- knows the event (the worker's jobs carry it; the reconciler, recover and retry return it) or the
-- webhook (the API's paths, the search box through the user's webhooks), so (event_id, webhook_id)
-- and (webhook_id, id) serve them all. The user is the webhook's: the column and its key go too
-- (32 bytes a row version). Delivery ids stay unique (ULIDs minted by the fan-out).
--
-- Building the new key reads every partition under an ACCESS EXCLUSIVE lock, like the release's
-- other migrations: stop every process, migrate, start (docs/operations.md, Upgrades).
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_user_id_fkey";

DROP INDEX "webhook_deliveries_event_id_webhook_id_key";

ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey",
DROP COLUMN "user_id",
ADD CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("event_id", "webhook_id");
