/* @name joinedAccounts */
SELECT * FROM accounts
 WHERE person_id = :personId! AND disabled_at IS NULL
 ORDER BY last_sign_in_at DESC NULLS LAST, id DESC;

/* @name invitationsToEmail */
SELECT a.* FROM accounts AS a
 WHERE a.email = :email! AND a.person_id IS NULL AND a.disabled_at IS NULL
   AND EXISTS (SELECT 1 FROM sign_in_links AS l
                WHERE l.account_id = a.id AND l.used_at IS NULL AND l.expires_at > :now!)
 ORDER BY a.id DESC;
