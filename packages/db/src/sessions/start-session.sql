/* @name insertSession */
WITH started AS (
  INSERT INTO sessions (id, account_id, token_hash, csrf_token, last_seen_at, absolute_expires_at,
                        created_at)
  VALUES (:id!, :accountId!, :tokenHash!, :csrfToken!, :now!, :absoluteExpiresAt!, :now!)
  RETURNING account_id
)
UPDATE accounts AS a SET last_sign_in_at = :now!
  FROM started
 WHERE a.id = started.account_id
RETURNING a.id;
