/* @name patchLiveWebhook */
-- each field given replaces the stored one (a null url, events or description: not given); the rate
-- limit is replaced when setRateLimit (its null removes the limit)
UPDATE webhooks
   SET url = coalesce(:url::text, url), events = coalesce(:events::text[], events),
       description = coalesce(:description::text, description),
       rate_limit = CASE WHEN :setRateLimit!::boolean THEN :rateLimit::int ELSE rate_limit END,
       updated_at = now()
 WHERE id = :webhookId! AND user_id = :userId! AND deleted_at IS NULL
RETURNING id;
