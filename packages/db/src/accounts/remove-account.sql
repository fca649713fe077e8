/* @name deleteSessionsOfAccount */
DELETE FROM sessions WHERE account_id = :accountId! RETURNING id;

/* @name deleteLinksOfAccount */
DELETE FROM sign_in_links WHERE account_id = :accountId! RETURNING id;

/* @name releaseAccountKey */
UPDATE api_keys SET account_id = NULL, revoked_at = :now! WHERE account_id = :accountId! RETURNING id;

/* @name deleteAccountRow */
DELETE FROM accounts WHERE id = :accountId! RETURNING id;
