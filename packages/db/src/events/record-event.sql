/* @name insertOutboxEvents */
-- One statement for any number of events, each queued for the fan-out in the same statement (a
-- data-modifying WITH runs whether or not it is read). The payloads travel as one text, one per line.
WITH inserted AS (
  INSERT INTO outbox_events (id, user_id, event, context_id, payload, created_at)
  SELECT * FROM unnest(:ids!::text[], :userIds!::text[], :events!::text[], :contextIds!::text[],
                       string_to_array(:payloads!::text, E'\n'), :createdAts!::timestamptz[]))
INSERT INTO unfanned_events (id, user_id)
SELECT v.id, v.user_id FROM unnest(:ids!::text[], :userIds!::text[], :queued!::boolean[]) AS v(id, user_id, queued)
 WHERE v.queued;

/* @name notifyOutboxEvents */
-- (a void column breaks Prisma's raw queries, which a runner in a Prisma transaction goes through:
-- one it can read instead)
SELECT 1 AS notified FROM pg_notify(:channel!::text, '');
