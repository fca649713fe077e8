/* @name insertSignInLink */
INSERT INTO sign_in_links (id, account_id, token_hash, expires_at, created_at)
VALUES (:id!, :accountId!, :tokenHash!, :expiresAt!, :now!)
RETURNING id;

/* @name voidUnusedLinks */
UPDATE sign_in_links SET used_at = :now!
 WHERE account_id = :accountId! AND used_at IS NULL
RETURNING id;
