import { CtxlogClient } from "./client";

/** Where a client made without an address points: `npm start`'s API. */
export const DEFAULT_BASE_URL = "http://127.0.0.1:3000/v1";

/** Read when called, never at import; undefined where there is no process (a browser). */
const env = (name: string): string | undefined =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];

/**
 * The client an integration (or a script) logs through when it is given no client: `apiKey`, else
 * the CTXLOG_API_KEY environment variable; `baseUrl`, else CTXLOG_URL, else DEFAULT_BASE_URL.
 * Throws a TypeError naming `who` when there is no key, so a missing setting fails at startup,
 * not at the first step.
 */
export function clientFromEnv(options: { apiKey?: string; baseUrl?: string }, who: string): CtxlogClient {
  const apiKey = options.apiKey ?? env("CTXLOG_API_KEY");
  if (!apiKey) {
    throw new TypeError(`${who}: no API key: pass apiKey (or a client or logger) or set CTXLOG_API_KEY`);
  }
  return new CtxlogClient({ apiKey, baseUrl: options.baseUrl ?? env("CTXLOG_URL") ?? DEFAULT_BASE_URL });
}
