// The API as the signed-in browser reaches it: the context's cookies, and the session's CSRF token
// on state-changing requests unless a test leaves it out on purpose.
import type { APIResponse, BrowserContext } from "playwright-core";

export interface SessionApi {
  csrf: string;
  /** the API's origin, for requests a session cannot make (an OTLP export takes a key) */
  origin: string;
  get(path: string): Promise<APIResponse>;
  post(path: string, body?: unknown, opts?: { csrf?: string | null }): Promise<APIResponse>;
}

export async function sessionApi(context: BrowserContext, origin: string): Promise<SessionApi> {
  const session = await context.request.get(`${origin}/v1/auth/session`);
  if (!session.ok()) throw new Error(`no session: ${session.status()} ${await session.text()}`);
  const csrf = ((await session.json()) as { csrf_token: string }).csrf_token;
  return {
    csrf,
    origin,
    get: (path) => context.request.get(`${origin}/v1${path}`),
    post: (path, body = {}, opts = {}) => {
      const token = opts.csrf === undefined ? csrf : opts.csrf;
      return context.request.post(`${origin}/v1${path}`, {
        data: body,
        headers: token === null ? {} : { "x-csrf-token": token },
      });
    },
  };
}
