/* @name setAccountDisabled */
UPDATE accounts SET disabled_at = :now! WHERE id = :accountId! RETURNING *;

/* @name clearAccountDisabled */
UPDATE accounts SET disabled_at = NULL WHERE id = :accountId! AND user_id = :userId! RETURNING *;
