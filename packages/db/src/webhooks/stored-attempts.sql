/* @name attemptLogOfDelivery */
-- every attempt of one delivery, every cycle, oldest first (the view reads both places by key)
SELECT cycle AS "cycle!", number AS "number!", attempted_at AS "attempted_at!", duration_ms AS "duration_ms!",
       response_status, error, exchange, response_body
  FROM webhook_attempt_log
 WHERE event_id = :eventId! AND webhook_ref = (SELECT ref FROM webhooks WHERE id = :webhookId!)
 ORDER BY cycle, number;
