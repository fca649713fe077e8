// Integration: the worker's Redis connections go through a TCP proxy on loopback that can stall
// (accept and hold every byte) or blackhole (drop them; the connections stay dead) mid-run; real
// Redis, real PostgreSQL and a real HTTP receiver behind it, the real worker runtime. Nothing is
// restarted: once Redis answers again, every delivery committed meanwhile must be attempted.
import { Writable } from "node:stream";
import { waitFor } from "@ctxlog/core/testing";
import { type StallMode, type StallProxy, startStallProxy, targetOf } from "@ctxlog/jobs/testing";
import { createLogger } from "./logger";
import { createWorkerHarness, REDIS_URL, type WorkerHarness } from "./testing/harness";

// Long enough for anything a test waits on below, on a slow machine.
const PATIENCE_MS = 60_000;
jest.setTimeout(4 * PATIENCE_MS);

interface LogLine {
  level: number;
  msg: string;
  loop?: string;
}

describe.each<StallMode>(["stall", "blackhole"])("webhook worker — Redis goes silent (%s)", (mode) => {
  let proxy: StallProxy;
  let h: WorkerHarness;
  const lines: LogLine[] = [];
  const logged = (msg: string, loop?: string) =>
    lines.some((l) => l.msg.includes(msg) && (loop === undefined || l.loop === loop));

  beforeAll(async () => {
    proxy = await startStallProxy(targetOf(REDIS_URL));
    const logger = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      }),
    );
    h = await createWorkerHarness(
      {
        REDIS_URL: proxy.urlFor(REDIS_URL),
        REDIS_COMMAND_TIMEOUT_MS: "500",
        WEBHOOK_RECONCILE_INTERVAL_MS: "300",
      },
      { logger },
    );
  });
  afterAll(async () => {
    proxy?.setMode("forward");
    await h?.close();
    await proxy?.close();
  });

  it("deliveries committed while Redis is silent are attempted once it answers again", async () => {
    const userId = await h.user();
    const receiver = await h.receiver(() => 200);
    await h.webhook(userId, receiver.url);

    // Silent from the worker's first enqueue on: the fan-out's and the reconciler's fail.
    proxy.setMode(mode);
    await h.event(userId, "context.created", { n: 1 });
    await waitFor(() => logged("enqueue failed; the reconciler will retry"), {
      timeout: PATIENCE_MS,
      what: "the fan-out reporting its failed enqueue",
    });
    await waitFor(() => logged("step failed", "reconciler"), {
      timeout: PATIENCE_MS,
      what: "the reconciler reporting a failed step",
    });
    expect(await h.db.webhookDelivery.count({ where: { status: "pending", attempts: 0 } })).toBe(1);

    proxy.setMode("forward");
    await receiver.waitFor(1, PATIENCE_MS);
    await waitFor(() => logged("recovered", "reconciler"), {
      timeout: PATIENCE_MS,
      what: "the reconciler reporting its recovery",
    });

    // And later events are queued at once by the fan-out, not only by the reconciler.
    await h.event(userId, "context.created", { n: 2 });
    await receiver.waitFor(2, PATIENCE_MS);
  });
});
