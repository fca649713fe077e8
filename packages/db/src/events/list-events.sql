/* @name eventsPage */
-- By type: the two types of nearly every event on (user_id, id), the rare ones on their partial
-- index (pg sends the statement unnamed: it is planned with the type bound, so the planner sees which)
SELECT id, event, created_at, payload, context_id
  FROM outbox_events
 WHERE user_id = :userId!
   AND (:type::text IS NULL OR event = :type)
   AND (:after::text IS NULL OR id < :after)
   AND (:createdAfter::timestamptz IS NULL OR created_at >= :createdAfter)
   AND (:createdBefore::timestamptz IS NULL OR created_at < :createdBefore)
 ORDER BY id DESC
 LIMIT :limit!::int;

/* @name eventOf */
SELECT id, event, created_at, payload, context_id FROM outbox_events WHERE id = :id! AND user_id = :userId!;

/* @name deliveriesOfEvents */
-- by their key: the user's webhooks (deleted ones too: their deliveries stay) and the events
SELECT w.id AS "webhook_id!", d.status, d.attempts, d.event_id
  FROM webhook_deliveries AS d
  JOIN webhooks AS w ON w.ref = d.webhook_ref
 WHERE d.webhook_ref = ANY(ARRAY(SELECT ref FROM webhooks WHERE user_id = :userId!))
   AND d.event_id = ANY(:eventIds!::text[])
 ORDER BY d.event_id, w.id;
