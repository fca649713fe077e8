-- An attempt's request and response, compressed (issue 28). request_url, request_headers and
-- response_headers (two JSONB maps) and response_body_truncated took ~350 bytes an attempt, most of
-- it the same names and values every time; `exchange` holds them as one value of ~130 bytes: the
-- request headers' MACs as their 32 bytes, the rest as raw DEFLATE primed with a fixed dictionary
-- (@ctxlog/core attempt-exchange.ts; the application compresses, as PostgreSQL never does under
-- ~2 KB). Attempts recorded before keep the four columns and read as before; new ones leave them
-- NULL (a NULL column costs a bit of the row's null bitmap).
ALTER TABLE "webhook_attempts" ADD COLUMN "exchange" BYTEA;
