/* @name deliveryOfWebhook */
-- a delivery by its id within its webhook ((webhook_id, id): the API's paths name both)
SELECT id AS "id!", webhook_id AS "webhookId!", event_id AS "eventId!", event AS "event!", status AS "status!",
       attempts AS "attempts!", cycle AS "cycle!", response_status AS "responseStatus",
       error_message AS "errorMessage", last_attempt_at AS "lastAttemptAt", next_attempt_at AS "nextAttemptAt",
       created_at AS "createdAt!", updated_at AS "updatedAt!"
  FROM webhook_deliveries
 WHERE webhook_id = :webhookId! AND id = :deliveryId!;

/* @name storedEventOfDelivery */
SELECT payload AS "payload!", context_id AS "contextId", created_at AS "createdAt!"
  FROM outbox_events
 WHERE id = :eventId!;
