/* @name createEndpoint */
INSERT INTO webhooks (id, user_id, url, events, description, rate_limit, secret, secret_key_id, status,
                      created_at, updated_at)
VALUES (:id!, :userId!, :url!, :events!::text[], :description!, :rateLimit::int, :secret!, :secretKeyId,
        :to!::"WebhookStatus", :now!::timestamptz, :now!::timestamptz);

/* @name recordEndpointHealth */
UPDATE webhooks AS w
   SET status = CASE WHEN w.id = ANY(:succeeded!::text[]) THEN :succeedTo!::"WebhookStatus"
                     ELSE :failTo!::"WebhookStatus" END,
       failing_since = CASE WHEN w.id = ANY(:succeeded!::text[]) THEN NULL ELSE now() END,
       updated_at = now()
 WHERE (w.id = ANY(:succeeded!::text[])
        AND ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) = ANY(:succeedFrom!::text[]))
    OR (w.id = ANY(:exhausted!::text[]) AND NOT w.id = ANY(:succeeded!::text[])
        AND ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) = ANY(:failFrom!::text[]))
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
