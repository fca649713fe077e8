/* @name rotateLiveWebhookSecret */
-- one UPDATE: previous_secret = secret reads the old value, so concurrent rotations cannot lose one
UPDATE webhooks
   SET previous_secret = secret, previous_secret_key_id = secret_key_id,
       secret = :secret!, secret_key_id = :secretKeyId!,
       previous_secret_expires_at = :expiresAt!::timestamptz, updated_at = :now!::timestamptz
 WHERE id = :webhookId! AND user_id = :userId! AND deleted_at IS NULL
RETURNING id;
