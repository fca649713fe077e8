/* @name revokeOneSession */
UPDATE sessions SET revoked_at = :now!
 WHERE id = :sessionId! AND revoked_at IS NULL
RETURNING id;

/* @name revokeSessionsOfAccount */
UPDATE sessions SET revoked_at = :now!
 WHERE account_id = :accountId! AND revoked_at IS NULL
RETURNING id;

/* @name revokeSessionsOfPerson */
UPDATE sessions AS s SET revoked_at = :now!
  FROM accounts AS a
 WHERE a.id = s.account_id AND a.person_id = :personId! AND s.revoked_at IS NULL
RETURNING s.id;
