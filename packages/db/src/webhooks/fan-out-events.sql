/* @name claimUnfannedEvents */
-- the oldest events waiting for the fan-out; SKIP LOCKED, so several workers share the backlog
DELETE FROM unfanned_events
 WHERE id IN (SELECT id FROM unfanned_events ORDER BY id LIMIT :limit! FOR UPDATE SKIP LOCKED)
RETURNING id, user_id;

/* @name subscribersOfEvents */
-- each event with each live webhook of its user subscribed to its name and created by then (none: one
-- row with a null webhook), each event by its key (user, id), within the events' days
SELECT e.id AS "event_id!", w.id AS webhook_id,
       ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) = :disabledState! AS disabled
  FROM unnest(:userIds!::text[], :eventIds!::text[]) AS k(user_id, id)
  JOIN outbox_events AS e ON e.user_id = k.user_id AND e.id = k.id
  LEFT JOIN webhooks AS w
    ON w.user_id = e.user_id AND w.deleted_at IS NULL AND e.event = ANY (w.events) AND w.created_at <= e.created_at
 WHERE e.id BETWEEN :lo! AND :hi!
 ORDER BY e.created_at, e.id, w.id;
