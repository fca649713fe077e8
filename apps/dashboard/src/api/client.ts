import type { QueryClient } from "@tanstack/react-query";
import createClient, { type Client, type Middleware } from "openapi-fetch";
import { fetchWithEarlyResponses } from "./early-requests";
import { queryKeys } from "./query-keys";
import type { paths, Session } from "./schema";

export type ApiClient = Client<paths>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The session's CSRF token lives in the query cache (the session query); every state-changing
 * request carries it. Sign-in and setup have no session yet and need none.
 */
export function csrfMiddleware(queryClient: QueryClient): Middleware {
  return {
    onRequest({ request }) {
      if (SAFE_METHODS.has(request.method)) return request;
      const session = queryClient.getQueryData<Session | null>(queryKeys.session);
      if (session?.csrf_token) request.headers.set("X-CSRF-Token", session.csrf_token);
      return request;
    },
  };
}

export interface ApiClientOptions {
  /** Where /v1 lives; the page's own origin in the browser (the API serves the dashboard). */
  origin?: string;
  /** default: fetch(), taking the responses the boot script started early (early-requests.ts) */
  fetch?: typeof fetch;
}

/** Where /v1 lives: the page's own origin unless told (the API serves the dashboard). */
export function apiBaseUrl(origin: string = window.location.origin): string {
  return `${origin}/v1`;
}

export function createApiClient(queryClient: QueryClient, options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({
    baseUrl: apiBaseUrl(options.origin),
    credentials: "same-origin",
    fetch: options.fetch ?? fetchWithEarlyResponses,
  });
  client.use(csrfMiddleware(queryClient));
  return client;
}
