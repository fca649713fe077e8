// Requests started by the boot script (src/boot.ts) while the shell's code is still loading: the
// session check and the first data requests of the page being opened. The API client takes each
// one's response the first time the page asks for that same URL (pages, their queries and the
// query cache are unchanged: the response is only the one the query's own fetch would have got).

/** An early response is used within this long of the page's load, never later (it would be stale). */
const FRESH_MS = 10_000;

// on the page's global object (window), not in this module: the boot script is built apart from
// the app (its own copy of this module) and the app takes what the boot script started
const shared = globalThis as { __ctxlogEarlyRequests?: Map<string, Promise<Response>> };
shared.__ctxlogEarlyRequests ??= new Map();
const early = shared.__ctxlogEarlyRequests;

/** The path and the query parameters sorted: openapi-fetch and the boot script may order them apart. */
function requestKey(url: string): string {
  const parsed = new URL(url, window.location.origin);
  parsed.searchParams.sort();
  return `${parsed.origin}${parsed.pathname}?${parsed.searchParams}`;
}

/** Starts GET `url` (same origin, with the session's cookie) for the page to take later. */
export function startEarlyRequest(url: string): void {
  const key = requestKey(url);
  if (early.has(key)) return;
  const response = fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } });
  response.catch(() => {}); // a failure is the page's own request's to report (it asks again)
  early.set(key, response);
}

/** The response of an early request for this very GET, once, while fresh; otherwise undefined. */
export function takeEarlyResponse(request: Request): Promise<Response> | undefined {
  if (early.size === 0 || request.method !== "GET") return undefined;
  if (performance.now() > FRESH_MS) {
    early.clear();
    return undefined;
  }
  const key = requestKey(request.url);
  const response = early.get(key);
  early.delete(key);
  return response;
}

/** Who is signed in changed: nothing fetched for the previous person may be shown. */
export function dropEarlyRequests(): void {
  early.clear();
}

/** fetch(), taking an early response when one was started for the same GET. */
export const fetchWithEarlyResponses: typeof fetch = (input, init) =>
  (input instanceof Request && !init ? takeEarlyResponse(input) : undefined) ?? fetch(input, init);
