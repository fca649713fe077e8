/* @name createEndpoint */
INSERT INTO webhooks (id, user_id, url, events, description, rate_limit, secret, secret_key_id, status,
                      created_at, updated_at)
VALUES (:id!, :userId!, :url!, :events!::text[], :description!, :rateLimit::int, :secret!, :secretKeyId,
        :to!::"WebhookStatus", :now!::timestamptz, :now!::timestamptz);

/* @name recordEndpointHealth */
-- one event an endpoint: succeed over fail over fail_attempt (a success since is the latest news)
WITH outcome AS (
  SELECT w.id,
         CASE WHEN w.id = ANY(:succeeded!::text[]) THEN 'succeed'
              WHEN w.id = ANY(:exhausted!::text[]) THEN 'fail'
              ELSE 'fail_attempt' END AS event
    FROM webhooks AS w
   WHERE w.id = ANY(:succeeded!::text[]) OR w.id = ANY(:exhausted!::text[])
      OR w.id = ANY(:failedAttempt!::text[])
)
UPDATE webhooks AS w
   SET status = CASE o.event WHEN 'succeed' THEN :succeedTo!::"WebhookStatus"
                             WHEN 'fail' THEN :failTo!::"WebhookStatus"
                             ELSE :failAttemptTo!::"WebhookStatus" END,
       failing_since = CASE o.event WHEN 'succeed' THEN NULL WHEN 'fail' THEN now() ELSE w.failing_since END,
       updated_at = now()
  FROM outcome AS o
 WHERE w.id = o.id
   AND ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) = ANY(
         CASE o.event WHEN 'succeed' THEN :succeedFrom!::text[]
                      WHEN 'fail' THEN :failFrom!::text[]
                      ELSE :failAttemptFrom!::text[] END)
RETURNING w.id AS "id!";

/* @name disableEndpoint */
UPDATE webhooks
   SET disabled_at = now(), disabled_reason = :reason!, updated_at = now()
 WHERE id = :webhookId! AND ctxlog_endpoint_state(status, disabled_at, deleted_at) = ANY(:from!::text[])
   AND (:userId::text IS NULL OR user_id = :userId::text)
   AND (:failingBefore::timestamptz IS NULL OR failing_since <= :failingBefore::timestamptz)
RETURNING id AS "id!", user_id AS "user_id!", description AS "description!", disabled_at AS "disabled_at!";

/* @name enableEndpoint */
UPDATE webhooks
   SET disabled_at = NULL, disabled_reason = NULL, updated_at = now(),
       status = CASE WHEN status = :failingStored!::"WebhookStatus" THEN status
                     ELSE :enableTo!::"WebhookStatus" END,
       failing_since = CASE WHEN status = :failingStored!::"WebhookStatus" THEN now() END
 WHERE id = :webhookId! AND user_id = :userId!
   AND ctxlog_endpoint_state(status, disabled_at, deleted_at) = ANY(:from!::text[])
RETURNING id;

/* @name deleteEndpoint */
UPDATE webhooks
   SET deleted_at = now(), updated_at = now()
 WHERE id = :webhookId! AND user_id = :userId!
   AND ctxlog_endpoint_state(status, disabled_at, deleted_at) = ANY(:from!::text[])
RETURNING id;

/* @name endpointAllows */
-- whether disableEndpoint or deleteEndpoint would change the row now (their conditions, read
-- without a lock): the caller writes the endpoint's deliveries first only when it would
SELECT id FROM webhooks
 WHERE id = :webhookId! AND ctxlog_endpoint_state(status, disabled_at, deleted_at) = ANY(:from!::text[])
   AND (:userId::text IS NULL OR user_id = :userId::text)
   AND (:failingBefore::timestamptz IS NULL OR failing_since <= :failingBefore::timestamptz);
