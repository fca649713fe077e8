/* @name liveWebhooksOfLockedUser */
-- the user's row locked for the count, so concurrent creations cannot both squeeze past the limit
WITH locked AS (SELECT id FROM users WHERE id = :userId! FOR UPDATE)
SELECT count(w.id)::int AS "live!"
  FROM locked AS u LEFT JOIN webhooks AS w ON w.user_id = u.id AND w.deleted_at IS NULL;
