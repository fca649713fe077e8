/* @name webhooksNotUnderKey */
-- a page of webhooks (deleted ones too) with a secret, current or previous, not under the key, by id
SELECT id AS "id!", secret AS "secret!", secret_key_id, previous_secret, previous_secret_key_id
  FROM webhooks
 WHERE id > :after!
   AND (secret_key_id IS DISTINCT FROM :current!::text
        OR (previous_secret IS NOT NULL AND previous_secret_key_id IS DISTINCT FROM :current!::text))
 ORDER BY id
 LIMIT :limit!;

/* @name secretKeysInUse */
SELECT key_id AS "key_id!", count(*)::int AS "values!", min(id) AS "example!"
  FROM (SELECT id, secret_key_id AS key_id FROM webhooks
        UNION ALL
        SELECT id, previous_secret_key_id FROM webhooks WHERE previous_secret IS NOT NULL) AS v
 WHERE key_id IS NOT NULL
 GROUP BY key_id
 ORDER BY key_id;

/* @name resealWebhookSecrets */
-- a compare-and-set on the values read: a concurrent rotation is never overwritten
UPDATE webhooks
   SET secret = :secret!, secret_key_id = :secretKeyId!,
       previous_secret = :previousSecret, previous_secret_key_id = :previousSecretKeyId
 WHERE id = :id!
   AND secret = :wasSecret! AND secret_key_id IS NOT DISTINCT FROM :wasSecretKeyId::text
   AND previous_secret IS NOT DISTINCT FROM :wasPreviousSecret::text
   AND previous_secret_key_id IS NOT DISTINCT FROM :wasPreviousSecretKeyId::text
RETURNING id;

/* @name webhookSecrets */
SELECT id AS "id!", secret AS "secret!", secret_key_id, previous_secret, previous_secret_key_id
  FROM webhooks
 WHERE id = :id!;
