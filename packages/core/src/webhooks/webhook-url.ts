import { classifyAddress, isIpLiteral } from "./address-policy";

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export interface WebhookUrlPolicy {
  /** plain http allowed (development only) */
  allowInsecure: boolean;
  /** loopback, private and other special-purpose addresses allowed (development and tests only) */
  allowPrivate: boolean;
}

export type WebhookUrlCheck = { ok: true; url: string } | { ok: false; problem: string };

/**
 * Checks a webhook URL when it is saved and returns its normalized form (WHATWG parsing turns
 * `https://2130706433/` into `https://127.0.0.1/`, so what is stored is what will be reached).
 * This is the early, friendly refusal; the binding check is made again on every connection,
 * against the address actually connected to, because a host name can resolve anywhere later.
 */
export function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): WebhookUrlCheck {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, problem: `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: "is not a valid absolute URL" };
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && policy.allowInsecure)) {
    return {
      ok: false,
      problem: policy.allowInsecure ? "must use https or http" : "must use https",
    };
  }
  if (url.username || url.password) {
    return { ok: false, problem: "must not carry credentials (user:password@)" };
  }
  if (url.hash) return { ok: false, problem: "must not have a fragment (#...)" };
  if (!policy.allowPrivate) {
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    if (isIpLiteral(host)) {
      const verdict = classifyAddress(host);
      if (!verdict.allowed) return { ok: false, problem: `points at ${verdict.address}, ${verdict.reason}` };
    } else if (/(^|\.)localhost\.?$/i.test(host)) {
      return { ok: false, problem: "points at localhost, a loopback address" };
    }
  }
  return { ok: true, url: url.href };
}
