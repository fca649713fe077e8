/* @name attemptLogOfDelivery */
-- every attempt of one delivery, every cycle, oldest first (the view reads both places by key)
SELECT cycle AS "cycle!", number AS "number!", attempted_at AS "attempted_at!", duration_ms AS "duration_ms!",
       response_status, error, exchange, response_body
  FROM webhook_attempt_log
 WHERE delivery_id = :deliveryId! AND event_id = :eventId!
 ORDER BY cycle, number;

/* @name rewriteAttemptExchanges */
-- attempts' exchanges rewritten in place, wherever each lives (the data step attempt_forms)
WITH input AS (
  SELECT * FROM unnest(:deliveryIds!::text[], :eventIds!::text[], :cycles!::int[], :numbers!::int[],
                       :exchanges!::text[]) AS i(delivery_id, event_id, cycle, number, exchange)
), inline AS (
  UPDATE webhook_deliveries AS d SET first_exchange = decode(i.exchange, 'base64')
    FROM input AS i
   WHERE i.cycle = 1 AND i.number = 1 AND d.event_id = i.event_id AND d.id = i.delivery_id
     AND d.first_attempted_at IS NOT NULL
  RETURNING d.id
)
UPDATE webhook_attempts AS a SET exchange = decode(i.exchange, 'base64')
  FROM input AS i
 WHERE a.event_id = i.event_id AND a.delivery_id = i.delivery_id AND a.cycle = i.cycle AND a.number = i.number
RETURNING a.delivery_id;
