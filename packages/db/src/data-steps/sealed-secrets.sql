/* @name plaintextSecrets */
-- schema: 20261130010108_hashes_as_bytes (its step runs right after it: docs/sql.md)
-- webhooks (deleted ones too) whose secret or previous secret is still the plaintext written before
-- secrets were encrypted (its key id NULL, which this schema's NOT NULL, added after this step, hides
-- from the generated type)
SELECT id AS "id!", secret AS "secret!", secret_key_id AS "secret_key_id?", previous_secret, previous_secret_key_id
  FROM webhooks
 WHERE secret_key_id IS NULL OR (previous_secret IS NOT NULL AND previous_secret_key_id IS NULL)
 ORDER BY id;

/* @name sealSecrets */
-- the sealed values of one row: a value already sealed is handed back as it was
UPDATE webhooks
   SET secret = :secret!, secret_key_id = :secretKeyId!,
       previous_secret = :previousSecret, previous_secret_key_id = :previousSecretKeyId
 WHERE id = :id!;
