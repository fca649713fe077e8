/* @name lockAccountsOfUser */
SELECT * FROM accounts WHERE user_id = :userId! ORDER BY id FOR UPDATE;
