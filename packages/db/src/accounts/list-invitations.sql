/* @name openInvitationsPage */
SELECT a.id AS "accountId", a.email, a.invited_by_id AS "invitedById", a.created_at AS "createdAt",
       (SELECT max(l.expires_at) FROM sign_in_links AS l
         WHERE l.account_id = a.id AND l.used_at IS NULL) AS "expiresAt"
  FROM accounts AS a
 WHERE a.user_id = :userId! AND a.person_id IS NULL AND a.disabled_at IS NULL
   AND (:after::text IS NULL OR a.id < :after)
 ORDER BY a.id DESC
 LIMIT :limit!;
