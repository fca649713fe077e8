/* @name webhooksOfUser */
SELECT w.id AS "id!", w.url AS "url!", w.events AS "events!", w.description AS "description!",
       w.status AS "status!", w.disabled_at AS "disabledAt", w.disabled_reason AS "disabledReason",
       w.rate_limit AS "rateLimit", w.created_at AS "createdAt!", w.updated_at AS "updatedAt!",
       w.previous_secret_expires_at AS "previousSecretExpiresAt"
  FROM webhooks AS w
 WHERE w.user_id = :userId! AND w.deleted_at IS NULL
   AND (:health::text IS NULL OR ctxlog_endpoint_state(w.status, w.disabled_at, w.deleted_at) = :health)
   AND (:after::text IS NULL OR w.id < :after)
 ORDER BY w.id DESC
 LIMIT :limit!;
