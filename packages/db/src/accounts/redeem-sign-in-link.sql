/* @name linkWithAccount */
SELECT l.id, l.account_id, a.email AS account_email, a.disabled_at AS account_disabled_at
  FROM sign_in_links AS l JOIN accounts AS a ON a.id = l.account_id
 WHERE l.token_hash = :tokenHash!;

/* @name useLink */
UPDATE sign_in_links SET used_at = :now!
 WHERE id = :linkId! AND used_at IS NULL AND expires_at > :now!
RETURNING id;

/* @name upsertPerson */
INSERT INTO people (id, email, password_hash, email_verified_at, created_at)
VALUES (:id!, :email!, :passwordHash!, :now!, :now!)
ON CONFLICT (email) DO UPDATE
  SET password_hash = EXCLUDED.password_hash, email_verified_at = EXCLUDED.email_verified_at
RETURNING *;
