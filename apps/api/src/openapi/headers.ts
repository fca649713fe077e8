import type { oas31 } from "zod-openapi";
import type { RouteAuth, SuccessHeader } from "../routes/route-spec";

const seconds = (minimum: number): oas31.SchemaObject => ({ type: "integer", minimum });

const rateLimit = (description: string, required: boolean): oas31.HeaderObject => ({
  description: required
    ? description
    : `${description} Present when the request was counted against a rate limit (so not when the key ` +
      "was refused before that, nor when the rate limiter itself is unavailable).",
  required,
  schema: seconds(0),
});

const LIMIT =
  "Units allowed per window for this key's plan: a request is one unit, a batch of contexts one per context.";
const REMAINING = "Units left in the current window, this request's included.";
const RESET = "Seconds until the current window ends.";

/** Response headers, shared through components.headers. */
export const headerComponents: Record<string, oas31.HeaderObject> = {
  RequestId: {
    description:
      "The caller's X-Request-Id when it is 1–128 characters of A–Z a–z 0–9 . _ : -, else a generated " +
      "`req_` id; errors repeat it as `error.request_id`. On every response.",
    required: true,
    schema: { type: "string", pattern: "^[A-Za-z0-9._:-]{1,128}$" },
  },
  RateLimitLimit: rateLimit(LIMIT, true),
  RateLimitRemaining: rateLimit(REMAINING, true),
  RateLimitReset: rateLimit(RESET, true),
  RateLimitLimitIfCounted: rateLimit(LIMIT, false),
  RateLimitRemainingIfCounted: rateLimit(REMAINING, false),
  RateLimitResetIfCounted: rateLimit(RESET, false),
  RetryAfter: {
    description: "Seconds to wait before retrying.",
    required: true,
    schema: seconds(1),
  },
  SessionCookieCleared: {
    description:
      "Clears the `ctxlog_session` cookie (`Max-Age=0`) when the request carried a session that is no longer valid.",
    required: false,
    schema: { type: "string", pattern: "^ctxlog_session=;" },
  },
  WwwAuthenticate: {
    description:
      'The Bearer challenge: `Bearer realm="ctxlog"`, with `error="invalid_token"` for an unknown key.',
    required: true,
    schema: { type: "string", pattern: "^Bearer " },
  },
};

const ref = (name: keyof typeof headerComponents): oas31.ReferenceObject => ({
  $ref: `#/components/headers/${name}`,
});

const successHeaderSchemas: Record<SuccessHeader["name"], oas31.SchemaObject> = {
  Location: { type: "string", format: "uri-reference", pattern: "^/v1/" },
  "Idempotent-Replayed": { type: "string", enum: ["true"] },
  "Set-Cookie": { type: "string", pattern: "^ctxlog_session=" },
};

/** The headers of one response of an operation, by its status. */
export function responseHeaders(
  status: number,
  extra: SuccessHeader[] = [],
  auth: RouteAuth = "key",
): Record<string, oas31.HeaderObject | oas31.ReferenceObject> {
  const headers: Record<string, oas31.HeaderObject | oas31.ReferenceObject> = {
    "X-Request-Id": ref("RequestId"),
  };
  // routes without credentials have no plan budget: only their failure limits set these headers
  const counted = status < 300 && auth !== "none";
  headers["RateLimit-Limit"] = ref(counted ? "RateLimitLimit" : "RateLimitLimitIfCounted");
  headers["RateLimit-Remaining"] = ref(counted ? "RateLimitRemaining" : "RateLimitRemainingIfCounted");
  headers["RateLimit-Reset"] = ref(counted ? "RateLimitReset" : "RateLimitResetIfCounted");
  if (status === 429 || status === 503) headers["Retry-After"] = ref("RetryAfter");
  if (status === 401 && auth === "key") headers["WWW-Authenticate"] = ref("WwwAuthenticate");
  if (status === 401 && auth === "session") {
    // only when an API key was presented and refused
    headers["WWW-Authenticate"] = {
      ...headerComponents.WwwAuthenticate,
      required: false,
    } as oas31.HeaderObject;
  }
  if (status === 401 && auth !== "none") headers["Set-Cookie"] = ref("SessionCookieCleared");
  for (const header of extra) {
    headers[header.name] = {
      description: header.description,
      required: header.required,
      schema: successHeaderSchemas[header.name],
    };
  }
  return headers;
}
