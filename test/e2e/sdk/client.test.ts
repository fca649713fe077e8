// Integration: the client against the real API (real PostgreSQL and Redis through the API's test
// harness), listening on an ephemeral port. Endpoints still being built are pinned in routes.test.ts.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Context,
  type ContextReceipt,
  type CtxlogApiError,
  CtxlogClient,
  type CtxlogClientOptions,
  hashContext,
  isApiError,
  verifyReceipt,
} from "@ctxlog/sdk";
import { createTestHarness, type Tenant, type TestHarness } from "../../../apps/api/src/testing/harness";

let h: TestHarness;
let server: Server;
let baseUrl: string;
let t: Tenant;

beforeAll(async () => {
  // A "tiny" plan of 2 requests per 2-second window, to meet a real 429.
  h = await createTestHarness({ PLAN_RATE_LIMITS: "free:600,tiny:2", RATE_LIMIT_WINDOW_SECONDS: "2" });
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t = await h.tenant();
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

/** A client whose every real HTTP exchange is recorded (status, Retry-After, when). */
function recordingClient(apiKey: string, opts: Partial<CtxlogClientOptions> = {}) {
  const calls: { at: number; method: string; url: string; status: number; retryAfter: string | null }[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const at = Date.now();
    const response = await fetch(input, init);
    calls.push({
      at,
      method: init?.method ?? "GET",
      url: String(input),
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
    });
    return response;
  };
  return { calls, client: new CtxlogClient({ baseUrl, apiKey, fetch: recordingFetch, ...opts }) };
}
const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("against the real API", () => {
  it("status() describes the key", async () => {
    const status = await new CtxlogClient({ baseUrl, apiKey: t.keys.read_only }).status();
    expect(status).toMatchObject({ status: "authenticated", user_id: t.userId, key: { type: "read_only" } });
    expect(status.rate_limit.requests_remaining).toBeGreaterThan(0);
  });

  it("creates a context the server hashed exactly as the SDK does, and reads it back", async () => {
    const client = new CtxlogClient({ baseUrl, apiKey: t.keys.full });
    const input = {
      agent_id: "sdk-1",
      context_data: { task: "summarize", é: [1.5, null] },
      metadata: { run: 7 },
    };
    const created = await client.contexts.create(input);
    expect(created).toMatchObject({ agent_id: "sdk-1", status: "pending", transaction_hash: null });
    expect(created.context_hash).toBe(hashContext(input).contextHash);
    // one signature per context: the record's is its receipt's (EIP-712), which verifies offline
    const { receipt, ...record } = created;
    expect(created.signature).toBe(receipt?.signature);
    expect(receipt?.signer.toLowerCase()).toBe(created.signer_address.toLowerCase());
    expect(await client.contexts.get(created.context_id)).toEqual(record);
    expect(receipt).toMatchObject({ sequence: 1, agent_id: "sdk-1", context_hash: created.context_hash });
    await expect(verifyReceipt(receipt as ContextReceipt)).resolves.toBeNull();
    await expect(verifyReceipt({ ...(receipt as ContextReceipt), sequence: 2 })).resolves.toMatch(/recovers/);
  });

  it("honours Idempotency-Key: same body → same context; another body → CONFLICT", async () => {
    const client = new CtxlogClient({ baseUrl, apiKey: t.keys.full });
    const body = { agent_id: "sdk-idem", context_data: { n: 1 } };
    const first = await client.contexts.create(body, { idempotencyKey: "sdk-run-1" });
    const again = await client.contexts.create(body, { idempotencyKey: "sdk-run-1" });
    expect(again.context_id).toBe(first.context_id);
    const error = await caught(
      client.contexts.create({ ...body, context_data: { n: 2 } }, { idempotencyKey: "sdk-run-1" }),
    );
    expect(isApiError(error, "CONFLICT")).toBe(true);
    expect((error as CtxlogApiError).status).toBe(409);
  });

  it("lists a page, and listAll walks every page once, newest first", async () => {
    const tenant = await h.tenant();
    const client = new CtxlogClient({ baseUrl, apiKey: tenant.keys.full });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await client.contexts.create({ agent_id: "sdk-pages", context_data: { i } })).context_id);
    }
    await client.contexts.create({ agent_id: "sdk-other", context_data: {} });

    const page = await client.contexts.list({ agent_id: "sdk-pages", limit: 2 });
    expect(page.data.map((c) => c.context_id)).toEqual([ids[4], ids[3]]);
    expect(page.next_cursor).toEqual(expect.any(String));

    const { calls, client: recorded } = recordingClient(tenant.keys.read_only);
    const all: Context[] = [];
    for await (const ctx of recorded.contexts.listAll({ agent_id: "sdk-pages", limit: 2 })) all.push(ctx);
    expect(all.map((c) => c.context_id)).toEqual([...ids].reverse());
    expect(calls).toHaveLength(3); // 2 + 2 + 1
    expect(new URL(calls[1]?.url ?? "").searchParams.get("cursor")).toBe(page.next_cursor);

    const pending = await client.contexts.list({ status: "confirmed" });
    expect(pending.data).toEqual([]);
  });

  it("401 INVALID_API_KEY is typed and not retried", async () => {
    const { calls, client } = recordingClient(`sk_${"A".repeat(32)}`);
    const error = await caught(client.status());
    expect(isApiError(error, "INVALID_API_KEY")).toBe(true);
    expect((error as CtxlogApiError).status).toBe(401);
    expect((error as CtxlogApiError).requestId).toEqual(expect.any(String));
    expect(calls.map((c) => c.status)).toEqual([401]);
  });

  it("403 INSUFFICIENT_PERMISSIONS is typed and not retried", async () => {
    const { calls, client } = recordingClient(t.keys.read_only);
    const error = await caught(client.contexts.create({ agent_id: "sdk-ro", context_data: {} }));
    expect(isApiError(error, "INSUFFICIENT_PERMISSIONS")).toBe(true);
    expect(calls.map((c) => c.status)).toEqual([403]);
  });

  it("404 NOT_FOUND, 400 VALIDATION_ERROR (with details) are typed", async () => {
    const client = new CtxlogClient({ baseUrl, apiKey: t.keys.full });
    const missing = await caught(client.contexts.get("ctx_01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    expect(isApiError(missing, "NOT_FOUND")).toBe(true);
    const invalid = await caught(client.contexts.list({ limit: 1000 }));
    expect(isApiError(invalid, "VALIDATION_ERROR")).toBe(true);
    expect((invalid as CtxlogApiError).status).toBe(400);
    // An id is one path segment: "../status" must not reach another route (it is not an id at all).
    const traversal = await caught(client.contexts.get("../status"));
    expect(isApiError(traversal, "VALIDATION_ERROR")).toBe(true);
  });

  it("429: waits for Retry-After, then succeeds", async () => {
    const tiny = await h.tenant({ plan: "tiny" });
    const { calls, client } = recordingClient(tiny.keys.full);
    await client.status();
    await client.status();
    const third = await client.status(); // over the limit of 2: 429, wait, retry in the next window
    expect(third.plan).toBe("tiny");
    expect(calls.map((c) => c.status)).toEqual([200, 200, 429, 200]);
    const retryAfterMs = Number(calls[2]?.retryAfter) * 1000;
    expect(retryAfterMs).toBeGreaterThanOrEqual(1000);
    expect((calls[3]?.at ?? 0) - (calls[2]?.at ?? 0)).toBeGreaterThanOrEqual(retryAfterMs);
  });

  it("429 with retries off: RATE_LIMIT_EXCEEDED carrying retryAfterMs", async () => {
    const tiny = await h.tenant({ plan: "tiny" });
    const { calls, client } = recordingClient(tiny.keys.full, { maxRetries: 0 });
    await client.status();
    await client.status();
    const error = await caught(client.status());
    expect(isApiError(error, "RATE_LIMIT_EXCEEDED")).toBe(true);
    expect((error as CtxlogApiError).retryAfterMs).toBeGreaterThanOrEqual(1000);
    expect(calls.map((c) => c.status)).toEqual([200, 200, 429]);
  });
});
