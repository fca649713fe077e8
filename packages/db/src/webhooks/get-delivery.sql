/* @name deliveryOfWebhook */
-- a delivery by its id within its webhook ((webhook_id, id): the API's paths name both), with its
-- event's name (the event's row, by the key's event id)
SELECT d.id AS "id!", d.webhook_id AS "webhookId!", d.event_id AS "eventId!", e.event AS "event!",
       d.status AS "status!", d.attempts AS "attempts!", d.cycle AS "cycle!", d.response_status AS "responseStatus",
       d.error_message AS "errorMessage", d.last_attempt_at AS "lastAttemptAt", d.next_attempt_at AS "nextAttemptAt",
       d.created_at AS "createdAt!", d.updated_at AS "updatedAt!"
  FROM webhook_deliveries AS d
  JOIN outbox_events AS e ON e.id = d.event_id
 WHERE d.webhook_id = :webhookId! AND d.id = :deliveryId!;

/* @name storedEventOfDelivery */
SELECT payload AS "payload!", context_id AS "contextId", created_at AS "createdAt!"
  FROM outbox_events
 WHERE id = :eventId!;
