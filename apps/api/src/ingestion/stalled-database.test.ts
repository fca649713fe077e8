// Integration: the API's PostgreSQL connections go through a TCP proxy that can stall (accept and
// hold every byte) mid-run; real PostgreSQL and Redis behind it, never mocks.
import { AppError, newId } from "@ctxlog/core";
import { loadScaledSlackMs } from "@ctxlog/core/testing";
import { listUnbatchedContextIds, type NewContext } from "@ctxlog/db";
import { DEFAULT_TEST_DATABASE_ADMIN_URL } from "@ctxlog/db/testing";
import { type StallProxy, startStallProxy, targetOf } from "@ctxlog/jobs/testing";
import supertest from "supertest";
import { createApp } from "../app";
import { AuthCache } from "../http/auth-cache";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../testing/harness";
import { createContextWriter } from "./context-writer";

const QUERY_TIMEOUT_MS = 800;
// What a stalled call may take: the timeout plus slack scaled by the load.
const within = () => QUERY_TIMEOUT_MS + loadScaledSlackMs(1_200);

let proxy: StallProxy;
let h: TestHarness;
let t: Tenant;
let request: ReturnType<typeof supertest>;

beforeAll(async () => {
  const server = process.env.TEST_DATABASE_ADMIN_URL || DEFAULT_TEST_DATABASE_ADMIN_URL;
  proxy = await startStallProxy(targetOf(server));
  h = await createTestHarness(
    {
      PG_CONNECT_TIMEOUT_MS: "500",
      PG_STATEMENT_TIMEOUT_MS: "600",
      PG_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      CONTEXT_WRITE_QUEUE_MAX: "2",
    },
    { appDatabaseUrl: (url) => proxy.urlFor(url) },
  );
  t = await h.tenant();
  // Keys stay verified from memory, so a stalled database is met by the write, not by the key lookup.
  request = supertest(createApp({ ...h.deps, authCache: new AuthCache(60_000, { live: true }) }));
  const warm = await post("warm-up");
  expect(warm.status).toBe(202);
});
afterAll(async () => {
  proxy.setMode("forward");
  await h.close();
  await proxy.close();
});
afterEach(() => proxy.setMode("forward"));

const post = (agentId: string) =>
  request
    .post("/v1/contexts")
    .set(bearer(t.keys.full))
    .send({ agent_id: agentId, context_data: { n: 1 } });

const timed = async <T>(fn: () => PromiseLike<T>) => {
  const started = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - started };
};

const rowsOf = (agentId: string) => h.db.context.findMany({ where: { agentId }, select: { id: true } });

function expectUnavailable(res: supertest.Response) {
  expect(res.status).toBe(503);
  expect(res.headers["retry-after"]).toBe("1");
  expect(res.body.error).toEqual({
    code: "SERVICE_UNAVAILABLE",
    message: expect.any(String),
    request_id: expect.any(String),
  });
}

async function waitFor(check: () => Promise<boolean> | boolean, ms = 3_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("a stalled PostgreSQL", () => {
  it("answers POST /v1/contexts with 503 within PG_QUERY_TIMEOUT_MS, and reads too; recovers after", async () => {
    const [created] = await rowsOf("warm-up");
    proxy.setMode("stall");

    const write = await timed(() => post("stalled-write"));
    expectUnavailable(write.result);
    expect(write.ms).toBeLessThan(within());

    const read = await timed(() => request.get(`/v1/contexts/${created?.id}`).set(bearer(t.keys.full)));
    expectUnavailable(read.result);
    expect(read.ms).toBeLessThan(within());

    // With an Idempotency-Key the write is a Prisma transaction: bounded the same way.
    const keyed = () => post("stalled-keyed").set("Idempotency-Key", "stalled-1");
    const transaction = await timed(keyed);
    expectUnavailable(transaction.result);
    expect(transaction.ms).toBeLessThan(within());

    proxy.setMode("forward");
    expect((await keyed()).status).toBe(202); // the key was never claimed: the retry does the work
    const after = { result: await post("after-stall") };
    // no connection left waiting on the stall: a write on one would fail in turn (503) at the timeout
    expect(after.result.status).toBe(202);
  });

  it("a write that got 503 during a stall takes no place in its agent's log, even once the stall ends", async () => {
    // The write is one transaction (lock the log's head, link, insert): the stalled statement's
    // connection is dropped at the timeout, so the held bytes reach a closed session and roll back.
    // (A COMMIT already under way when PostgreSQL stalls can still land late: the chain worker's
    // reconciler re-enqueues such pending rows, as listUnbatchedContextIds shows below.)
    proxy.setMode("stall");
    expectUnavailable(await post("late-commit"));
    proxy.setMode("forward");
    await new Promise((resolve) => setTimeout(resolve, 500)); // time for held bytes to arrive
    expect(await rowsOf("late-commit")).toEqual([]);
    const next = await post("late-commit");
    expect(next.status).toBe(202);
    expect(next.body.sequence).toBe(1); // no sequence was consumed by the refused write
    const unbatched = await listUnbatchedContextIds(h.db, {
      createdBefore: new Date(Date.now() + 1),
      limit: 1000,
    });
    expect(unbatched).toContain(next.body.context_id);
  });

  it("past CONTEXT_WRITE_QUEUE_MAX waiting writes, refuses at once with 503 and writes nothing", async () => {
    proxy.setMode("stall");
    const waiting = [post("queued-a"), post("queued-b")].map((r) => r.then((res) => res));
    await waitFor(() => h.deps.contextWriter.outstanding === 2);

    const refused = await post("refused");
    expectUnavailable(refused);
    // at once: by the cap, not by a timeout, while the two writes are still waiting on the stall
    expect(refused.body.error.message).toMatch(/Too many contexts/);
    expect(h.deps.contextWriter.outstanding).toBe(2);

    for (const res of await Promise.all(waiting)) expectUnavailable(res);
    proxy.setMode("forward");
    expect((await post("after-cap")).status).toBe(202);
    expect(await rowsOf("refused")).toEqual([]);
  });

  it("rows queued behind an INSERT that timed out are refused when their turn comes, unwritten", async () => {
    const writer = createContextWriter(h.deps.db, h.deps.queues, h.deps.logger, h.deps.signer, {
      maxBatch: 1,
      maxConcurrent: 1,
    });
    const row = (agentId: string): NewContext => {
      const createdAt = new Date();
      return {
        id: newId("ctx"),
        userId: t.userId,
        apiKeyId: t.keyIds.full,
        agentId,
        contextData: {},
        metadata: {},
        visibility: "private",
        canonicalJson: "{}",
        contextHash: `0x${"00".repeat(32)}`,
        signerAddress: `0x${"00".repeat(20)}`,
        network: "anvil",
        createdAt,
        estimatedConfirmation: createdAt,
      };
    };
    proxy.setMode("stall");
    const behind = ["behind-1", "behind-2", "behind-3", "behind-4", "behind-5"];
    const all = await timed(() =>
      Promise.allSettled([
        writer.write([row("first")]),
        ...behind.map((agentId) => writer.write([row(agentId)])),
      ]),
    );
    expect(all.result.every((r) => r.status === "rejected")).toBe(true);
    // One timeout in all, not one per queued row (each would wait out at least PG_CONNECT_TIMEOUT_MS).
    expect(all.ms).toBeLessThan(within());
    for (const r of all.result.slice(1)) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect((r as PromiseRejectedResult).reason.code).toBe("SERVICE_UNAVAILABLE");
    }
    proxy.setMode("forward");
    expect((await post("after-queue")).status).toBe(202);
    expect(await h.db.context.count({ where: { agentId: { in: behind } } })).toBe(0);
  });
});
