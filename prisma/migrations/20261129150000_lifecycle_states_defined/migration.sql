-- A delivery's and an endpoint's state, each defined once (issue 37), as a context's is
-- (ctxlog_context_status, migration 20261129120744). Their tables are DELIVERY_LIFECYCLE and
-- ENDPOINT_LIFECYCLE (@ctxlog/core); packages/db/src/webhooks/delivery-transitions.ts and
-- endpoint-transitions.ts are the only writers of what these read. No row is rewritten: the
-- stored columns already hold every state, these name the ones that are implied.
--
-- A delivery: its stored status, except that a pending delivery which has made an attempt in its
-- cycle (attempts > 0: it is due again at next_attempt_at) is `retrying`. Scalar and IMMUTABLE, so
-- the planner inlines it into the statement that calls it (no call per row).
CREATE FUNCTION ctxlog_delivery_state(status "DeliveryStatus", attempts integer)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status = 'pending' AND attempts > 0 THEN 'retrying' ELSE status::text END
$$;

-- An endpoint (a webhook): `deleted` once deleted_at is set, else `disabled` while disabled_at is
-- set (nothing is sent to it; it keeps its health for when it is enabled), else its stored health
-- (`active` or `failing`).
CREATE FUNCTION ctxlog_endpoint_state(status "WebhookStatus", disabled_at timestamptz, deleted_at timestamptz)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN deleted_at IS NOT NULL THEN 'deleted'
              WHEN disabled_at IS NOT NULL THEN 'disabled'
              ELSE status::text END
$$;
