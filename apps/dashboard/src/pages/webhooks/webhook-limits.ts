// What POST/PUT /v1/webhooks accept for a rate limit and a secret of one's own, checked before
// sending so the form says what is wrong beside the field. webhook-limits.test.ts holds these to
// the API's OpenAPI document (apps/api/openapi.json), so they cannot drift from the API's.

export const RATE_LIMIT_MIN = 1;
export const RATE_LIMIT_MAX = 10_000;

/** `whsec_` + canonical base64 of 24–64 bytes, or 32–256 printable ASCII not starting `whsec_`. */
const B64 = "[A-Za-z0-9+/]";
const PAD2 = `${B64}[AQgw]==`;
const PAD1 = `${B64}{2}[AEIMQUYcgkosw048]=`;
export const SECRET_PATTERN =
  `^(?:whsec_(?:(?:${B64}{4}){8,20}(?:${PAD2}|${PAD1})?|(?:${B64}{4}){21}(?:${PAD2})?)` +
  "|(?!whsec_)[\\x21-\\x7e]{32,256})$";
const SECRET = new RegExp(SECRET_PATTERN);

/** Why the typed rate limit is refused, or null (empty: no limit). */
export function rateLimitProblem(typed: string): string | null {
  if (typed.trim() === "") return null;
  const n = Number(typed);
  return Number.isInteger(n) && n >= RATE_LIMIT_MIN && n <= RATE_LIMIT_MAX
    ? null
    : `A whole number of deliveries per second from ${RATE_LIMIT_MIN} to ${RATE_LIMIT_MAX.toLocaleString("en-US")}, or empty for no limit.`;
}

/** Why the typed secret is refused, in the API's words, or null (empty: one is generated). */
export function secretProblem(typed: string): string | null {
  if (typed === "" || SECRET.test(typed)) return null;
  return typed.startsWith("whsec_")
    ? "A secret starting with whsec_ must be followed by the canonical base64 of 24–64 bytes."
    : "Use whsec_<base64> or 32–256 printable ASCII characters without spaces.";
}
