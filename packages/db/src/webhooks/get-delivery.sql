/* @name deliveryOfWebhook */
-- a delivery by its key (the API's paths name the webhook and, in the delivery's id, the event), with
-- its event's name and stored payload (the event's row, by its key: the webhook's user and the
-- delivery's event id), and its last attempt's time and status (from its attempts)
SELECT w.id AS "webhookId!", d.event_id AS "eventId!", e.event AS "event!",
       d.status AS "status!", d.attempts AS "attempts!", d.cycle AS "cycle!", l.response_status AS "responseStatus",
       d.error_message AS "errorMessage", l.attempted_at AS "lastAttemptAt", d.next_attempt_at AS "nextAttemptAt",
       e.payload AS "eventPayload!", e.context_id AS "eventContextId", e.created_at AS "eventCreatedAt!"
  FROM webhook_deliveries AS d
  JOIN webhooks AS w ON w.ref = d.webhook_ref
  JOIN outbox_events AS e ON e.user_id = w.user_id AND e.id = d.event_id
  LEFT JOIN LATERAL ctxlog_last_attempt(d.event_id, d.webhook_ref) AS l ON true
 WHERE d.webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!) AND d.event_id = :eventId!;
