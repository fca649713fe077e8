// Integration: the API's PostgreSQL (then Redis) connections go through a TCP proxy that can stall
// (accept and hold every byte); real PostgreSQL and Redis behind it. Plus the middleware alone.
import { loadScaledSlackMs } from "@ctxlog/core/testing";
import { DEFAULT_TEST_DATABASE_ADMIN_URL } from "@ctxlog/db/testing";
import { type StallProxy, startStallProxy, targetOf } from "@ctxlog/jobs/testing";
import express from "express";
import supertest from "supertest";
import { createApp } from "../app";
import { bearer, createTestHarness, REDIS_URL, type Tenant, type TestHarness } from "../testing/harness";
import { AuthCache } from "./auth-cache";
import { errorHandler } from "./errors";
import { requestDeadline } from "./request-deadline";

const DEADLINE_MS = 1_500;
// what a call cut off by the deadline may take: the deadline plus slack scaled by the load
const within = () => DEADLINE_MS + loadScaledSlackMs(1_200);

const timed = async <T>(fn: () => PromiseLike<T>) => {
  const started = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - started };
};

async function waitFor(check: () => Promise<boolean> | boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

function expectUnavailable(res: supertest.Response) {
  expect(res.status).toBe(503);
  expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
  expect(res.body.error).toEqual({
    code: "SERVICE_UNAVAILABLE",
    message: expect.any(String),
    request_id: expect.any(String),
  });
}

describe("requestDeadline alone", () => {
  const app = express()
    .use((req, _res, next) => {
      req.id = "req_test"; // requestLogger's part in the app
      next();
    })
    .use(requestDeadline(300))
    .get("/never", () => {}) // never answers
    .get("/late", async (_req, res) => {
      await new Promise((r) => setTimeout(r, 500));
      res.json({ late: true }); // after the deadline's 503: goes nowhere, breaks nothing
    })
    .get("/fast", (_req, res) => {
      res.json({ ok: true });
    })
    .get("/stream", async (_req, res) => {
      res.write("first line\n"); // answered before the deadline: the stream is left to finish
      await new Promise((r) => setTimeout(r, 600));
      res.end("last line\n");
    })
    .use(errorHandler);

  it("answers 503 with Retry-After at the deadline; a route in time or already streaming is untouched", async () => {
    const never = await timed(() => supertest(app).get("/never"));
    expectUnavailable(never.result);
    expect(never.ms).toBeGreaterThanOrEqual(290);
    expect(never.ms).toBeLessThan(300 + loadScaledSlackMs(1_200));
    expectUnavailable(await supertest(app).get("/late"));
    expect((await supertest(app).get("/fast")).body).toEqual({ ok: true });
    expect((await supertest(app).get("/stream")).text).toBe("first line\nlast line\n");
  });
});

describe("a stalled PostgreSQL", () => {
  let proxy: StallProxy;
  let h: TestHarness;
  let t: Tenant;
  let request: ReturnType<typeof supertest>;

  beforeAll(async () => {
    proxy = await startStallProxy(
      targetOf(process.env.TEST_DATABASE_ADMIN_URL || DEFAULT_TEST_DATABASE_ADMIN_URL),
    );
    // the database's own timeouts are longer than the deadline: the deadline is what answers
    h = await createTestHarness(
      {
        REQUEST_TIMEOUT_MS: String(DEADLINE_MS),
        PG_CONNECT_TIMEOUT_MS: "20000",
        PG_STATEMENT_TIMEOUT_MS: "20000",
        PG_QUERY_TIMEOUT_MS: "25000",
      },
      { appDatabaseUrl: (url) => proxy.urlFor(url) },
    );
    t = await h.tenant();
    // keys verified from memory, so the stall is met by the write itself, not by the key lookup
    request = supertest(createApp({ ...h.deps, authCache: new AuthCache(60_000, { live: true }) }));
    expect((await post("warm-up", "warm-up")).status).toBe(202);
  });
  afterAll(async () => {
    proxy?.setMode("forward");
    await h?.close();
    await proxy?.close();
  });

  const post = (agentId: string, key: string) =>
    request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .set("Idempotency-Key", key)
      .send({ agent_id: agentId, context_data: { n: 1 } });

  it("a POST answers 503 by REQUEST_TIMEOUT_MS; the abandoned write lands whole or not at all, and a retry gets the one outcome", async () => {
    proxy.setMode("stall");
    const stalled = await timed(() => post("deadline-write", "deadline-1"));
    expectUnavailable(stalled.result);
    expect(stalled.ms).toBeLessThan(within());
    const read = await timed(() => request.get("/v1/contexts?limit=1").set(bearer(t.keys.full)));
    expectUnavailable(read.result);
    expect(read.ms).toBeLessThan(within());

    proxy.setMode("forward"); // the held bytes arrive: the abandoned transaction goes on
    await waitFor(() => h.deps.contextWriter.outstanding === 0);
    const rows = await h.db.context.findMany({ where: { agentId: "deadline-write" } });
    expect(rows.length).toBeLessThanOrEqual(1); // committed whole, or not at all

    const retry = await post("deadline-write", "deadline-1");
    expect(retry.status).toBe(202);
    const again = await post("deadline-write", "deadline-1");
    expect(again.status).toBe(202);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body.context_id).toBe(retry.body.context_id);
    const after = await h.db.context.findMany({ where: { agentId: "deadline-write" } });
    expect(after.map((r) => r.id)).toEqual([retry.body.context_id]);
    expect(after[0]?.sequence).toBe(1);
    if (rows.length === 1) expect(retry.headers["idempotent-replayed"]).toBe("true");
  });
});

describe("a stalled Redis without a command timeout", () => {
  let proxy: StallProxy;
  let h: TestHarness;
  let t: Tenant;

  beforeAll(async () => {
    proxy = await startStallProxy(targetOf(REDIS_URL));
    h = await createTestHarness({
      REDIS_URL: proxy.urlFor(REDIS_URL),
      REDIS_COMMAND_TIMEOUT_MS: "0", // nothing but the deadline bounds a command
      REQUEST_TIMEOUT_MS: String(DEADLINE_MS),
    });
    t = await h.tenant();
    if (h.deps.redis.status !== "ready") await new Promise((r) => h.deps.redis.once("ready", r));
  });
  afterAll(async () => {
    proxy?.setMode("forward");
    await h?.close();
    await proxy?.close();
  });

  it("answers 503 by REQUEST_TIMEOUT_MS and serves again once Redis answers", async () => {
    expect((await h.request.get("/v1/status").set(bearer(t.keys.full))).status).toBe(200);
    proxy.setMode("stall");
    const stalled = await timed(() => h.request.get("/v1/status").set(bearer(t.keys.full)));
    expectUnavailable(stalled.result);
    expect(stalled.ms).toBeLessThan(within());
    proxy.setMode("forward");
    await waitFor(async () => (await h.request.get("/v1/status").set(bearer(t.keys.full))).status === 200);
  });
});
