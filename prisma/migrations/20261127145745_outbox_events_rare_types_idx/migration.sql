-- GET /v1/events?type= (issue 28, bytes per context; issue 23, the chain worker's inserts).
-- Nearly every event is a context.created or a context.confirmed (two per context, written by the
-- chain worker): for those two types, newest first on (user_id, id) finds a page at once, since
-- they are most of every user's events. The other types (failures, erasures, webhook events) are
-- rare, and keep an index of their own. Each context's two events no longer pay an entry in it.
DROP INDEX "outbox_events_user_id_event_id_idx";
CREATE INDEX "outbox_events_rare_events_idx" ON "outbox_events" ("user_id", "event", "id")
  WHERE "event" NOT IN ('context.created', 'context.confirmed');
