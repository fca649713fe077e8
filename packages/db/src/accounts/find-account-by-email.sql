/* @name accountsWithEmail */
SELECT * FROM accounts WHERE email = :email! ORDER BY id;
