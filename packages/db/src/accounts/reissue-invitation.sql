/* @name lockOpenInvitation */
SELECT * FROM accounts
 WHERE user_id = :userId! AND email = :email! AND person_id IS NULL AND disabled_at IS NULL
   FOR UPDATE;
