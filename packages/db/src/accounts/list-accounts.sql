/* @name accountsOfUserPage */
SELECT * FROM accounts
 WHERE user_id = :userId! AND (:after::text IS NULL OR id < :after)
 ORDER BY id DESC
 LIMIT :limit!;
