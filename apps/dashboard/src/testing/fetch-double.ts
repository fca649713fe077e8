// A stand-in for the API in component tests of UI logic only (the API itself is tested for real in
// apps/api). Each handler answers one method + path; every request is recorded.

export interface RecordedRequest {
  method: string;
  /** Path under /v1, without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
}

export interface Handler {
  method: string;
  path: string | RegExp;
  /** `n` counts this handler's calls from 1. */
  reply: (request: RecordedRequest, n: number) => Reply;
}

export function fetchDouble(handlers: Handler[]) {
  const calls: RecordedRequest[] = [];
  const counts = new Map<Handler, number>();

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname.replace(/^\/v1/, ""),
      query: url.searchParams,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(recorded);
    const handler = handlers.find(
      (h) =>
        h.method === recorded.method &&
        (typeof h.path === "string" ? h.path === recorded.path : h.path.test(recorded.path)),
    );
    if (!handler) {
      return json(404, {
        error: {
          code: "NOT_FOUND",
          message: `No double for ${recorded.method} ${recorded.path}`,
          request_id: "req_test",
        },
      });
    }
    const n = (counts.get(handler) ?? 0) + 1;
    counts.set(handler, n);
    const reply = handler.reply(recorded, n);
    return reply.status === 204 ? new Response(null, { status: 204 }) : json(reply.status, reply.body);
  };

  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { fetch: fetch as typeof globalThis.fetch, calls, callsTo };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "x-request-id": "req_test" },
  });
}

export const apiError = (status: number, code: string, message: string): Reply => ({
  status,
  body: { error: { code, message, request_id: "req_test" } },
});
