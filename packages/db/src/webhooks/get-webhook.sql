/* @name liveWebhookOfUser */
SELECT id AS "id!", user_id AS "userId!", url AS "url!", events AS "events!", description AS "description!",
       secret AS "secret!", secret_key_id AS "secretKeyId", previous_secret AS "previousSecret",
       previous_secret_key_id AS "previousSecretKeyId", previous_secret_expires_at AS "previousSecretExpiresAt",
       status AS "status!", failing_since AS "failingSince", disabled_at AS "disabledAt",
       disabled_reason AS "disabledReason", rate_limit AS "rateLimit", deleted_at AS "deletedAt",
       created_at AS "createdAt!", updated_at AS "updatedAt!"
  FROM webhooks
 WHERE id = :webhookId! AND user_id = :userId! AND deleted_at IS NULL;
