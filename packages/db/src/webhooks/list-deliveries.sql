/* @name deliveriesOfWebhook */
-- each with its event's name (the event's row, by its key: the webhook's user and the event id) and
-- its last attempt's time and status (from its attempts, read for the page's rows alone). The
-- webhook's ref as a value (a subquery, not a join), so each partition's key is read in order
SELECT p."webhookId", p."eventId", p.event, p.status, p.attempts, p.cycle,
       l.response_status AS "responseStatus", p."errorMessage", l.attempted_at AS "lastAttemptAt",
       p."nextAttemptAt"
  FROM (
    SELECT w.id AS "webhookId", d.webhook_ref, d.event_id AS "eventId", e.event, d.status, d.attempts,
           d.cycle, d.error_message AS "errorMessage", d.next_attempt_at AS "nextAttemptAt"
      FROM webhook_deliveries AS d
      JOIN webhooks AS w ON w.ref = d.webhook_ref
      JOIN outbox_events AS e ON e.user_id = w.user_id AND e.id = d.event_id
     CROSS JOIN LATERAL ctxlog_delivery_state(d.status, d.attempts) AS s(state)
     WHERE d.webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!)
       AND (:state::text IS NULL OR s.state = :state)
       AND (:afterEventId::text IS NULL OR d.event_id < :afterEventId)
     ORDER BY d.event_id DESC
     LIMIT :limit!
  ) AS p
  LEFT JOIN LATERAL ctxlog_last_attempt(p."eventId", p.webhook_ref) AS l ON true
 ORDER BY p."eventId" DESC;
