-- An attempt's exchange keeps its request headers without their signatures (issue 37: format 2 of
-- the exchange, format 3 of its packed headers; @ctxlog/core attempt-exchange.ts and
-- attempt-request-headers.ts). Each signature is an HMAC, under the endpoint's secret, of the body,
-- delivery id and timestamp the record keeps: recomputable by whoever holds the secret, proof of
-- nothing to anyone else, and 64 of the ~135 bytes a delivery's exchange took. The data step
-- attempt_signatures_not_kept (packages/db/src/data-steps/attempt-forms.ts) runs right after this
-- migration and rewrites every exchange written before, checking that each gives back the very
-- headers it gave before, signatures aside; an attempt that would not stops the upgrade, naming it.
-- SQL alone cannot: the exchange is DEFLATE primed with a dictionary.
COMMENT ON COLUMN webhook_attempts.exchange IS
  'format 2 of @ctxlog/core attempt-exchange.ts: URL, request headers without signatures, response headers, body cut';
COMMENT ON COLUMN webhook_deliveries.first_exchange IS
  'the first attempt''s exchange: format 2 of @ctxlog/core attempt-exchange.ts';
