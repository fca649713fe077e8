// Integration: real PostgreSQL, real Redis (own prefix), a real HTTP receiver on 127.0.0.1, and the
// real built worker (dist/main.js) spawned as a child process and SIGKILLed mid-delivery.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { deliveryIdOf } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { deliveryRowOf, TEST_SECRETS_ENV } from "@ctxlog/db/testing";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

const appDir = path.resolve(__dirname, "..");
const main = path.join(appDir, "dist", "main.js");

let h: WorkerHarness;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!existsSync(main)) {
    // CI builds before testing; a bare `npx jest` on a fresh clone builds the worker here.
    execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-b", appDir], {
      stdio: "inherit",
    });
  }
  h = await createWorkerHarness({}, { start: false });
}, 120_000);

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? once(c) : null)));
  await h.close();
});

const once = (child: ChildProcess) => new Promise<void>((resolve) => child.once("exit", () => resolve()));

function spawnWorker(): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: h.url,
    DATABASE_POOL_SIZE: "3",
    REDIS_URL: h.env.REDIS_URL,
    REDIS_PREFIX: h.prefix,
    LOG_LEVEL: "warn",
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    WEBHOOK_ALLOW_INSECURE_URLS: "true",
    WEBHOOK_TIMEOUT_MS: "5000",
    WEBHOOK_RETRY_DELAYS_MS: "200,200,200,200",
    WEBHOOK_FANOUT_POLL_MS: "20",
    WEBHOOK_RECONCILE_INTERVAL_MS: "500",
    // The dead worker's job is taken back once its lock lapses: keep that short for the test.
    WEBHOOK_LOCK_DURATION_MS: "1000",
    ...TEST_SECRETS_ENV,
  };
  const child = spawn(process.execPath, [main], { env, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  return child;
}

describe("webhook worker — SIGKILL mid-delivery of the spawned dist/main.js (PostgreSQL + Redis + loopback receiver)", () => {
  it("the delivery is made after a restart, with the same delivery id", async () => {
    const userId = await h.user();
    // The first request hangs long enough for the worker to die while waiting for the answer.
    const r = await h.receiver((_req, n) => (n === 0 ? { status: 200, delayMs: 4_000 } : 200));
    const hook = await h.webhook(userId, r.url);

    const first = spawnWorker();
    const event = await h.event(userId, "context.created", { crash: true });
    await r.waitFor(1, 15_000);
    first.kill("SIGKILL");
    await once(first);
    expect(first.signalCode).toBe("SIGKILL");

    const delivery = await deliveryRowOf(h.db, { webhookId: hook.id, eventId: event.id });
    expect(delivery).toMatchObject({ status: "pending", attempts: 0 });

    spawnWorker();
    const [killed, redelivered] = await r.waitFor(2, 20_000);
    expect(redelivered?.body).toBe(event.payload);
    expect(redelivered?.headers["x-service-delivery"]).toBe(deliveryIdOf(event.id));
    expect(killed?.headers["x-service-delivery"]).toBe(deliveryIdOf(event.id));
    const done = await waitFor(
      async () => {
        const row = await deliveryRowOf(h.db, { webhookId: hook.id, eventId: event.id });
        return row.status === "succeeded" ? row : undefined;
      },
      { timeout: 10_000 },
    );
    expect(done).toMatchObject({ attempts: 1, responseStatus: 200 });
  }, 60_000);
});
