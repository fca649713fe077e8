/* @name lockAccount */
SELECT * FROM accounts WHERE id = :accountId! FOR UPDATE;

/* @name useLiveLinks */
UPDATE sign_in_links SET used_at = :now!
 WHERE account_id = :accountId! AND used_at IS NULL AND expires_at > :now!
RETURNING id;
