/* @name keyWithUser */
SELECT k.*, u.plan AS u_plan, u.created_at AS u_created_at
  FROM api_keys AS k JOIN users AS u ON u.id = k.user_id
 WHERE k.hash = :hash!;
