/* @name attemptsInColumns */
-- schema: 20261130171000_attempt_signatures_not_kept (the later of the two its steps run after:
-- attempt_forms after 20261130003000_one_attempt_form, then attempt_signatures_not_kept; docs/sql.md)
-- a page of the attempts kept in the four columns of the form before the exchange (read as the row's
-- JSON: the columns are dropped by the migration after this step), in the order of webhook_attempts' key
SELECT a.event_id, a.delivery_id, a.cycle, a.number, e.event,
       to_jsonb(a) -> 'request_url' AS request_url, to_jsonb(a) -> 'request_headers' AS request_headers,
       to_jsonb(a) -> 'response_headers' AS response_headers,
       to_jsonb(a) -> 'response_body_truncated' AS response_body_truncated
  FROM webhook_attempts AS a
  JOIN outbox_events AS e ON e.id = a.event_id
 WHERE a.exchange IS NULL AND (a.delivery_id, a.event_id, a.cycle, a.number) > (:deliveryId!, :eventId!, :cycle!::int, :number!::int)
 ORDER BY a.delivery_id, a.event_id, a.cycle, a.number
 LIMIT :limit!;

/* @name attemptExchanges */
-- a page of the attempts with an exchange, wherever each lives, in the order of webhook_attempts' key
SELECT l.event_id AS "event_id!", l.delivery_id AS "delivery_id!", l.cycle AS "cycle!", l.number AS "number!",
       e.event, l.exchange AS "exchange!"
  FROM webhook_attempt_log AS l
  JOIN outbox_events AS e ON e.id = l.event_id
 WHERE l.exchange IS NOT NULL
   AND (l.delivery_id, l.event_id, l.cycle, l.number) > (:deliveryId!, :eventId!, :cycle!::int, :number!::int)
 ORDER BY l.delivery_id, l.event_id, l.cycle, l.number
 LIMIT :limit!;

/* @name rewriteAttemptExchanges */
-- attempts' exchanges rewritten in place, wherever each lives
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
