// Integration: real PostgreSQL and Redis, the real app on a loopback port. Generated from the route
// table: every route, at its own path and at paths that only look like it, with every kind of
// credential. Raw requests (node:http) so that `/./`, `//` and `%6B` reach the server as written
// (a client library would normalise some of them).
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { keyCan, newId } from "@ctxlog/core";
import { bytesOfHex, createAccount, createApiKey, startSession } from "@ctxlog/db";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../testing/harness";
import { openApiValidator } from "../testing/openapi-validator";
import { sessionTimeouts } from "./auth/session-response";
import { v1Routes } from "./index";
import { type RouteSpec, routeAuth, routePermission } from "./route-spec";

const CREDENTIALS = [
  "none",
  "public", // pk_
  "read_only", // sk_ro_
  "restricted", // sk_r_
  "full", // sk_
  "other_full", // another user's sk_
  "session", // a session cookie with its CSRF token
  "session_no_csrf", // the same cookie without it
  "other_session", // another user's session, with its CSRF token
] as const;
type Credential = (typeof CREDENTIALS)[number];
const OTHERS = new Set<Credential>(["other_full", "other_session"]);

/**
 * Paths that are not the route's (`template` its table path, `path` the same with ids in it): each
 * must be 404 for every caller, before any authentication.
 */
export function pathVariants(template: string, path: string): Record<string, string> {
  const segments = path.split("/");
  // literal segments of the route (never an id): e.g. "keys" and "revoke" in /v1/keys/:key_id/revoke
  const literal = template.split("/").flatMap((s, i) => (i > 1 && s && !s.startsWith(":") ? [i] : []));
  const first = literal[0] ?? 2;
  const last = literal.at(-1) ?? 2;
  const at = (i: number, f: (s: string) => string) => segments.map((s, j) => (j === i ? f(s) : s)).join("/");
  return {
    upper: path.toUpperCase(),
    mixed: at(first, (s) => s[0]?.toUpperCase() + s.slice(1)),
    trailing_slash: `${path}/`,
    doubled_slash: path.replace(/^\/v1\//, "/v1//"),
    percent_encoded: at(first, (s) => `%${s.charCodeAt(0).toString(16).toUpperCase()}${s.slice(1)}`),
    dot_segment: path.replace(/^\/v1\//, "/v1/./"),
    matrix_param: at(last, (s) => `${s};x=1`),
  };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
let base: { host: string; port: number };

function send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        ...base,
        agent,
        method: method.toUpperCase(),
        path,
        headers: payload ? { ...headers, "content-type": "application/json" } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown;
          try {
            parsed = text && /json/.test(res.headers["content-type"] ?? "") ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, text });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

let h: TestHarness;
let server: Server;
let victim: Tenant;
let other: Tenant;
let victimAccount: { accountId: string; email: string; password: string };
let otherAccountId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await createTestHarness({
    WEBHOOK_ALLOW_INSECURE_URLS: "true",
    PLAN_RATE_LIMITS: "free:1000000",
    AUTH_FAILURE_LIMIT: "0",
    SIGN_IN_ACCOUNT_LIMIT: "0",
    SIGN_IN_ADDRESS_LIMIT: "0",
  });
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = { host: "127.0.0.1", port: (server.address() as AddressInfo).port };
  victim = await h.tenant({ agents: ["agent-*"] });
  other = await h.tenant();
  const s = await h.session(victim.userId);
  victimAccount = s;
  otherAccountId = (await h.session(other.userId)).accountId;
  // real objects of the victim, so that a request that got through would show as a 2xx
  const full = bearer(victim.keys.full);
  const ctx = await h.request
    .post("/v1/contexts")
    .set(full)
    .send({ agent_id: "agent-victim", context_data: {} });
  const hook = await h.request
    .post("/v1/webhooks")
    .set(full)
    .send({ url: "http://receiver.example/hooks", events: ["context.created"] });
  ids.contexts = ctx.body.context_id;
  ids.webhooks = hook.body.webhook_id;
  // a stored verification (making one needs a chain; this deployment has none: POST is a 503)
  ids.verifications = newId("ver");
  await h.db.verification.create({
    data: {
      id: ids.verifications,
      userId: victim.userId,
      apiKeyId: victim.keyIds.full,
      contextId: ids.contexts,
      verified: false,
      agentId: "agent-victim",
      contextHash: bytesOfHex(`0x${"0".repeat(64)}`),
      signatureValid: false,
      hashMatches: false,
      verificationTimeMs: 1,
      checks: [],
    },
  });
  ids.agent_id = "agent-victim";
  ids.key_id = (await createApiKey(h.db, { userId: victim.userId, type: "full" })).record.id;
  ids.account_id = (
    await createAccount(h.db, { userId: victim.userId, email: `invited-${Date.now()}@example.test` })
  ).account.id;
  for (const [name, value] of Object.entries(ids)) if (!value) throw new Error(`fixture ${name} missing`);
}, 60_000);

afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

/** The route's path with the victim's objects in it (`:id` is the object of its first segment). */
function concretePath(route: RouteSpec): string {
  const area = route.path.split("/")[1] ?? "";
  return `/v1${route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    encodeURIComponent((name === "id" ? ids[area] : ids[name]) ?? "unknown-0"),
  )}`;
}

/** Bodies that would succeed, so that a request let through by mistake shows as a 2xx. */
function bodyFor(route: RouteSpec): unknown {
  if (route.method !== "post" && route.method !== "put") return undefined;
  const bodies: Record<string, unknown> = {
    createContext: { agent_id: "agent-posted", context_data: { n: 1 } },
    createContextsBatch: { contexts: [{ agent_id: "agent-posted", context_data: { n: 2 } }] },
    createWebhook: { url: "http://receiver.example/other", events: ["context.created"] },
    updateWebhook: { description: "changed" },
    recoverWebhook: { since: new Date(Date.now() - 3_600_000).toISOString() },
    createVerification: { context_id: ids.contexts },
    signIn: { email: victimAccount.email, password: victimAccount.password },
    setupAccount: { token: "A".repeat(43), password: "a long and unusual passphrase" },
    changePassword: { current_password: "not the password", new_password: "a long and unusual passphrase" },
    createInvitation: { email: `someone-${Math.random().toString(36).slice(2)}@example.test` },
    switchAccount: { account_id: ids.account_id },
    createKey: { type: "full" },
  };
  return bodies[route.operationId] ?? {};
}

/** Whether the route takes this credential (valid, of a kind and permission it accepts). */
function accepts(route: RouteSpec, credential: Credential): boolean {
  const auth = routeAuth(route, h.env);
  if (auth === "none") return true;
  if (credential === "none") return false;
  if (credential === "session_no_csrf") return route.method === "get";
  if (credential === "session" || credential === "other_session") return true;
  if (auth === "session") return false;
  const type = credential === "other_full" ? "full" : credential;
  const permission = routePermission(route, h.env);
  return permission === "any" || keyCan(type, permission);
}

async function credentialHeaders(): Promise<Record<Credential, Record<string, string>>> {
  // fresh sessions for each route: sign-out (everywhere) must not end the next route's
  const timeouts = sessionTimeouts(h.env);
  const mine = await startSession(h.db, victimAccount.accountId, timeouts);
  const theirs = await startSession(h.db, otherAccountId, timeouts);
  const cookie = (token: string) => `ctxlog_session=${token}`;
  return {
    none: {},
    public: bearer(victim.keys.public),
    read_only: bearer(victim.keys.read_only),
    restricted: bearer(victim.keys.restricted),
    full: bearer(victim.keys.full),
    other_full: bearer(other.keys.full),
    session: { Cookie: cookie(mine.token), "X-CSRF-Token": mine.csrfToken },
    session_no_csrf: { Cookie: cookie(mine.token) },
    other_session: { Cookie: cookie(theirs.token), "X-CSRF-Token": theirs.csrfToken },
  };
}

describe("who may call each route of the table", () => {
  it("every route has a literal first segment, so that its variants are other paths", () => {
    for (const route of v1Routes) expect(route.path).toMatch(/^\/[a-z]/);
  });

  it.each(v1Routes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    "%s: its designed answer for the credentials it takes, 401/403 for the others, 404 for look-alike paths",
    async (_name, route) => {
      const headers = await credentialHeaders();
      // fresh objects that a route may change for good (revoke, roll, disable, remove)
      ids.key_id = (await createApiKey(h.db, { userId: victim.userId, type: "full" })).record.id;
      ids.account_id = (
        await createAccount(h.db, { userId: victim.userId, email: `invited-${newId("acc")}@example.test` })
      ).account.id;
      const path = concretePath(route);
      const variants = pathVariants(`/v1${route.path}`, path);
      const problems: string[] = [];
      await Promise.all(
        CREDENTIALS.flatMap((credential) => [
          send(route.method, path, headers[credential], bodyFor(route)).then((res) => {
            const where = `${route.method.toUpperCase()} ${path} as ${credential} → ${res.status} ${res.text.slice(0, 160)}`;
            const problemsOfDoc = openApiValidator().problems(route.method, path, res);
            if (problemsOfDoc?.length) problems.push(`${where}: ${problemsOfDoc.join("; ")}`);
            // 503: this deployment has no chain to verify against
            if (res.status >= 500 && res.status !== 503) problems.push(`${where}: a 5xx`);
            if (!accepts(route, credential)) {
              if (res.status !== 401 && res.status !== 403) problems.push(`${where}: not refused`);
            } else if (OTHERS.has(credential) && route.params && res.status < 300) {
              problems.push(`${where}: another user's object answered`);
            }
          }),
          ...Object.entries(variants).map(([variant, p]) =>
            send(route.method, p, headers[credential], bodyFor(route)).then((res) => {
              const code = (res.body as { error?: { code?: string } } | undefined)?.error?.code;
              if (res.status !== 404 || code !== "NOT_FOUND") {
                problems.push(
                  `${route.method.toUpperCase()} ${p} (${variant}) as ${credential} → ${res.status} ${res.text.slice(0, 160)}: not 404 NOT_FOUND`,
                );
              }
              if (res.status < 300 && !accepts(route, credential)) {
                problems.push(
                  `${route.method.toUpperCase()} ${p} (${variant}) as ${credential}: a 2xx it must never get`,
                );
              }
            }),
          ),
        ]),
      );
      expect(problems).toEqual([]);
    },
    30_000,
  );
});

describe("session-only handlers", () => {
  it.each(v1Routes.filter((r) => routeAuth(r) === "session").map((r) => [r.operationId, r] as const))(
    "%s refuses an API key by itself, whatever the table says",
    async (_name, route) => {
      // as if the table had said "key": the handler is reached with a full key's context
      const handle = route.handler(h.deps);
      const input = {
        auth: {
          keyId: victim.keyIds.full,
          keyFamilyId: victim.keyIds.full,
          userId: victim.userId,
          type: "full",
        },
        params: { key_id: ids.key_id, account_id: ids.account_id },
        body: {},
        query: { limit: 10 },
      };
      await expect(
        (async () => handle({ ...input, req: {}, res: {} } as unknown as Parameters<typeof handle>[0]))(),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSIONS" });
    },
  );
});
