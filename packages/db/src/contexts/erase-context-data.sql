/* @name findUsersContext */
SELECT id FROM contexts WHERE id = :contextId! AND user_id = :userId!;
