/* @name accountById */
SELECT * FROM accounts WHERE id = :accountId!;
