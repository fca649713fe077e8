/* @name findUsersContext */
SELECT id, agent_id, created_at, data_erased_at FROM contexts WHERE id = :contextId! AND user_id = :userId!;
