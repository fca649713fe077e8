// Integration: createMany and ContextLogger against the real API (real PostgreSQL and Redis through
// the API's test harness) on an ephemeral port. Faults are injected in the client's fetch: a 503
// from an intermediary after the API committed the batch, one before it reached the API, and a
// connection dropped after the commit. Nothing may be lost and nothing written twice.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Context,
  ContextLogger,
  ContextLoggerQueueFullError,
  type ContextReceipt,
  CtxlogClient,
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
  h = await createTestHarness({ PLAN_RATE_LIMITS: "free:100000,small:50", RATE_LIMIT_WINDOW_SECONDS: "2" });
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t = await h.tenant();
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

const rowsOf = (agentId: string) => h.db.context.count({ where: { agentId } });

/** A fetch that records every batch POST and lets a test fail the n-th one in a chosen way. */
function faultyFetch(faults: Record<number, "503-after-commit" | "503-before" | "drop-after-commit">) {
  const posts: { key: string | null; status: number | "dropped" }[] = [];
  let n = 0;
  const wrapped: typeof fetch = async (input, init) => {
    if (!String(input).endsWith("/contexts/batch")) return fetch(input, init);
    const key = new Headers(init?.headers).get("idempotency-key");
    const fault = faults[++n];
    if (fault === "503-before") {
      posts.push({ key, status: 503 });
      return new Response(
        JSON.stringify({ error: { code: "SERVICE_UNAVAILABLE", message: "lb", request_id: "x" } }),
        {
          status: 503,
          headers: { "content-type": "application/json", "retry-after": "0" },
        },
      );
    }
    const response = await fetch(input, init);
    const body = await response.text(); // the API has answered: its transaction is committed
    if (fault === "drop-after-commit") {
      posts.push({ key, status: "dropped" });
      throw new TypeError("fetch failed: socket hang up");
    }
    if (fault === "503-after-commit") {
      posts.push({ key, status: 503 });
      return new Response("<html>502 bad gateway</html>", { status: 503, headers: { "retry-after": "0" } });
    }
    posts.push({ key, status: response.status });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { posts, fetch: wrapped };
}

describe("client.contexts.createMany", () => {
  it("creates contexts in the order given, each hashed as the SDK hashes it", async () => {
    const client = new CtxlogClient({ baseUrl, apiKey: t.keys.full });
    const items = Array.from({ length: 20 }, (_, i) => ({ agent_id: "many-1", context_data: { i } }));
    const created = await client.contexts.createMany(items);
    expect(created.map((c) => c.context_data)).toEqual(items.map((i) => i.context_data));
    expect(created[3]?.context_hash).toBe(hashContext(items[3] as (typeof items)[number]).contextHash);
    expect(await rowsOf("many-1")).toBe(20);
  });

  it("a bad item refuses the batch with its index in details", async () => {
    const client = new CtxlogClient({ baseUrl, apiKey: t.keys.full });
    const error = await client.contexts
      .createMany([
        { agent_id: "many-2", context_data: {} },
        { agent_id: "bad agent", context_data: {} },
      ])
      .catch((e: unknown) => e);
    expect(isApiError(error, "VALIDATION_ERROR")).toBe(true);
    expect((error as { details: { index: number }[] }).details[0]?.index).toBe(1);
    expect(await rowsOf("many-2")).toBe(0);
  });
});

describe("ContextLogger against the running API", () => {
  it("sends a burst from concurrent producers in batches; each log resolves with its own record", async () => {
    const { posts, fetch } = faultyFetch({});
    const logger = new ContextLogger(new CtxlogClient({ baseUrl, apiKey: t.keys.full, fetch }));
    const producers = Array.from({ length: 16 }, (_, p) =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) => logger.log({ agent_id: "burst-1", context_data: { p, i } })),
      ),
    );
    const records = (await Promise.all(producers)).flat();
    await logger.close();
    expect(new Set(records.map((r) => r.context_id)).size).toBe(800);
    for (const r of records.slice(0, 5)) {
      expect(r.context_hash).toBe(
        hashContext({ agent_id: "burst-1", context_data: r.context_data }).contextHash,
      );
      // the receipt to keep for audits, as contexts.create gives it
      expect(r.receipt).toMatchObject({
        context_hash: r.context_hash,
        agent_id: "burst-1",
        user_id: t.userId,
      });
      await expect(verifyReceipt(r.receipt as ContextReceipt)).resolves.toBeNull();
    }
    expect(await rowsOf("burst-1")).toBe(800);
    expect(posts.length).toBeGreaterThanOrEqual(8); // batches of at most 100
    expect(posts.length).toBeLessThanOrEqual(40);
  });

  it("a 503 in the middle of a burst (before or after the commit) and a dropped connection: nothing lost, nothing doubled", async () => {
    const { posts, fetch } = faultyFetch({ 2: "503-after-commit", 4: "503-before", 6: "drop-after-commit" });
    // the client itself does not retry here: the logger's own retries are under test
    const client = new CtxlogClient({ baseUrl, apiKey: t.keys.full, fetch, maxRetries: 0 });
    const logger = new ContextLogger(client, { maxBatchSize: 50, maxConcurrentBatches: 2, baseDelayMs: 10 });
    const pending: Promise<Context>[] = [];
    for (let i = 0; i < 500; i++) pending.push(logger.log({ agent_id: "burst-503", context_data: { i } }));
    const records = await Promise.all(pending);
    await logger.close();

    expect(records.map((r) => r.context_data?.i)).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(new Set(records.map((r) => r.context_id)).size).toBe(500);
    expect(await rowsOf("burst-503")).toBe(500); // the two batches the API committed before the fault: once each
    const stored = await h.db.context.findMany({ where: { agentId: "burst-503" }, select: { id: true } });
    expect(new Set(stored.map((s) => s.id))).toEqual(new Set(records.map((r) => r.context_id)));

    // ten batches, three faulted sends, each sent again under its batch's Idempotency-Key
    expect(posts).toHaveLength(13);
    expect(new Set(posts.map((p) => p.key)).size).toBe(10);
    expect(posts.filter((p) => p.status !== 202)).toHaveLength(3);
  });

  it("a 429 for a batch larger than what is left: waits Retry-After and sends it again", async () => {
    const small = await h.tenant({ plan: "small" }); // 50 units per 2 s
    const logger = new ContextLogger(new CtxlogClient({ baseUrl, apiKey: small.keys.full }), {
      maxBatchSize: 40,
    });
    const started = Date.now();
    const records = await Promise.all(
      Array.from({ length: 80 }, (_, i) => logger.log({ agent_id: "limited-1", context_data: { i } })),
    );
    await logger.close();
    expect(records).toHaveLength(80);
    expect(await rowsOf("limited-1")).toBe(80);
    expect(Date.now() - started).toBeGreaterThan(500); // the second batch had to wait for the window
  });

  it("rejects only the bad item of a batch; the others are accepted", async () => {
    const logger = new ContextLogger(new CtxlogClient({ baseUrl, apiKey: t.keys.full }));
    const results = await Promise.allSettled([
      logger.log({ agent_id: "mixed-1", context_data: { ok: 1 } }),
      logger.log({ agent_id: "not valid!", context_data: {} }),
      logger.log({ agent_id: "mixed-1", context_data: { ok: 2 } }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    await expect(logger.close()).rejects.toThrow(/1 context/);
    expect(await rowsOf("mixed-1")).toBe(2);
  });

  it("bounded: past maxQueueSize, log rejects (whenFull reject) or waits for room (wait)", async () => {
    const client = new CtxlogClient({ baseUrl, apiKey: t.keys.full });
    const rejecting = new ContextLogger(client, { maxQueueSize: 3, whenFull: "reject", flushIntervalMs: 50 });
    const first = [0, 1, 2].map((i) => rejecting.log({ agent_id: "bounded-1", context_data: { i } }));
    await expect(rejecting.log({ agent_id: "bounded-1", context_data: {} })).rejects.toBeInstanceOf(
      ContextLoggerQueueFullError,
    );
    await Promise.all(first);
    await rejecting.close();

    const waiting = new ContextLogger(client, { maxQueueSize: 3, flushIntervalMs: 50 });
    const all = [0, 1, 2, 3, 4, 5, 6].map((i) => waiting.log({ agent_id: "bounded-2", context_data: { i } }));
    expect(waiting.pending).toBeLessThanOrEqual(3);
    await Promise.all(all);
    await waiting.close();
    expect(await rowsOf("bounded-2")).toBe(7);
  });
});
