// Integration: the API's Redis connection (rate limiter, enqueues) goes through a TCP proxy that
// can stall (accept and hold every byte) mid-run; real Redis and PostgreSQL behind it.
import { loadScaledSlackMs } from "@ctxlog/core/testing";
import { type StallProxy, startStallProxy, targetOf } from "@ctxlog/jobs/testing";
import { bearer, createTestHarness, REDIS_URL, type Tenant, type TestHarness } from "../testing/harness";

const COMMAND_TIMEOUT_MS = 500;
// What a stalled call may take: the timeout plus slack scaled by the load.
const within = () => COMMAND_TIMEOUT_MS + loadScaledSlackMs(1_200);

let proxy: StallProxy;
let h: TestHarness;
let t: Tenant;

beforeAll(async () => {
  proxy = await startStallProxy(targetOf(REDIS_URL));
  h = await createTestHarness({
    REDIS_URL: proxy.urlFor(REDIS_URL),
    REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
  });
  t = await h.tenant();
  if (h.deps.redis.status !== "ready") await new Promise((r) => h.deps.redis.once("ready", r));
});
afterAll(async () => {
  proxy.setMode("forward");
  await h.close();
  await proxy.close();
});

const timed = async <T>(fn: () => PromiseLike<T>) => {
  const started = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - started };
};

/**
 * A connection left silent past the command timeout is dropped and a new one opened; until it is
 * ready, requests get 503 at once (no offline queue).
 */
async function expectRecovery(withinMs = COMMAND_TIMEOUT_MS + loadScaledSlackMs(2_500)) {
  const deadline = Date.now() + withinMs;
  let status = 0;
  while (status !== 200 && Date.now() < deadline) {
    status = (await h.request.get("/v1/status").set(bearer(t.keys.full))).status;
    if (status !== 200) await new Promise((r) => setTimeout(r, 50));
  }
  expect(status).toBe(200);
}

describe("a stalled Redis", () => {
  it("answers 503 within REDIS_COMMAND_TIMEOUT_MS (the rate limiter's command) and recovers after", async () => {
    expect((await h.request.get("/v1/status").set(bearer(t.keys.full))).status).toBe(200);
    proxy.setMode("stall");

    const stalled = await timed(() => h.request.get("/v1/status").set(bearer(t.keys.full)));
    expect(stalled.result.status).toBe(503);
    expect(stalled.result.headers["retry-after"]).toBe("1");
    expect(stalled.result.body.error.code).toBe("SERVICE_UNAVAILABLE");
    expect(stalled.ms).toBeLessThan(within());

    const before = await h.db.context.count();
    const write = await timed(() =>
      h.request.post("/v1/contexts").set(bearer(t.keys.full)).send({ agent_id: "a", context_data: {} }),
    );
    expect(write.result.status).toBe(503);
    expect(write.ms).toBeLessThan(within());
    expect(await h.db.context.count()).toBe(before); // refused before anything was written

    proxy.setMode("forward");
    await expectRecovery();
  });

  it("recovers from a connection cut off for good (no answer will ever come on it)", async () => {
    expect((await h.request.get("/v1/status").set(bearer(t.keys.full))).status).toBe(200);
    proxy.setMode("blackhole");
    const cut = await timed(() => h.request.get("/v1/status").set(bearer(t.keys.full)));
    expect(cut.result.status).toBe(503);
    expect(cut.ms).toBeLessThan(within());

    proxy.setMode("forward");
    await expectRecovery();
  });
});
