-- An endpoint's health reacts to its first failed attempt (issue 40): `degraded` between `active`
-- and `failing` (ENDPOINT_LIFECYCLE, @ctxlog/core). No row changes: every endpoint is active or
-- failing until its next attempt says otherwise. ctxlog_endpoint_state returns the stored value as
-- it is, so it needs no change.
ALTER TYPE "WebhookStatus" ADD VALUE 'degraded' BEFORE 'failing';
