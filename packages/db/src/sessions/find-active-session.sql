/* @name sessionWithAccount */
SELECT s.id, s.account_id, s.token_hash, s.csrf_token, s.last_seen_at, s.absolute_expires_at,
       s.revoked_at, s.created_at,
       a.user_id AS a_user_id, a.email AS a_email, a.person_id AS a_person_id,
       a.invited_by_id AS a_invited_by_id, a.last_sign_in_at AS a_last_sign_in_at,
       a.disabled_at AS a_disabled_at, a.created_at AS a_created_at,
       k.id AS k_id, k.user_id AS k_user_id, k.type AS k_type, k.hash AS k_hash,
       k.display_prefix AS k_display_prefix, k.agent_patterns AS k_agent_patterns,
       k.family_id AS k_family_id, k.rolled_from_id AS k_rolled_from_id, k.expires_at AS k_expires_at,
       k.revoked_at AS k_revoked_at, k.created_at AS k_created_at, k.name AS k_name,
       k.last_used_at AS k_last_used_at,
       u.plan AS u_plan, u.created_at AS u_created_at
  FROM sessions AS s
  JOIN accounts AS a ON a.id = s.account_id
  JOIN api_keys AS k ON k.account_id = a.id
  JOIN users AS u ON u.id = a.user_id
 WHERE s.token_hash = :tokenHash!;
