// The stall check on real PostgreSQL: the threshold is max(60 s, 10 × the expected confirmation
// time) from the observed block time, the verdict reaches the gauges and the anchoring_health row,
// with the last error as the reason.
import { ANVIL_DEV_KEYS } from "@ctxlog/contracts/anvil";
import { readAnchoringHealth, saveChainStatus } from "@ctxlog/db";
import { createTestDatabase, seedContexts, seedUser, type TestDatabase } from "@ctxlog/db/testing";
import pino from "pino";
import { AnchoringMonitor } from "./anchoring-monitor";
import { createChainMetrics } from "./metrics";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_monitor_test");
});
afterAll(() => database.drop());

describe("AnchoringMonitor", () => {
  it("stalled past max(60 s, 10 × expected confirmation), with the last error; ok again once nothing waits", async () => {
    const db = database.db;
    const metrics = createChainMetrics();
    const config = { network: "anvil", confirmations: 3, batchWindowMs: 1_000 };
    const monitor = new AnchoringMonitor(db, config, pino({ level: "silent" }), metrics);
    const now = Date.now();

    expect(await monitor.evaluate(now)).toMatchObject({
      state: "ok",
      behind_seconds: 0,
      threshold_seconds: 60,
    });

    const owner = await seedUser(db);
    const [id] = await seedContexts(db, owner, { count: 1, signerPrivateKey: ANVIL_DEV_KEYS[0] });
    await db.context.update({ where: { id }, data: { createdAt: new Date(now - 120_000) } });
    monitor.noteError("track: The request took too long to respond.");
    // 1 s blocks: expected 1 + 3 × 1 = 4 s, 10 × 4 s < 60 s, so the floor holds
    await saveChainStatus(db, {
      network: "anvil",
      chainId: 31337,
      registryAddress: "0x00",
      headBlock: 1n,
      blockTimeMs: 1_000,
    });
    const stalled = await monitor.evaluate(now);
    expect(stalled).toMatchObject({
      state: "stalled",
      behind_seconds: 120,
      threshold_seconds: 60,
      last_error: "track: The request took too long to respond.",
    });
    expect((await metrics.anchoringStalled.get()).values[0]?.value).toBe(1);
    expect((await metrics.anchoringBehind.get()).values[0]?.value).toBe(120);
    expect(await readAnchoringHealth(db, "anvil")).toMatchObject({
      state: "stalled",
      thresholdSeconds: 60,
      lastError: "track: The request took too long to respond.",
    });

    // 12 s blocks: expected 1 + 3 × 12 = 37 s, so 370 s before two minutes is a stall
    await saveChainStatus(db, {
      network: "anvil",
      chainId: 31337,
      registryAddress: "0x00",
      headBlock: 2n,
      blockTimeMs: 12_000,
    });
    expect(await monitor.evaluate(now)).toMatchObject({ state: "ok", threshold_seconds: 370 });
    expect((await metrics.anchoringStalled.get()).values[0]?.value).toBe(0);

    // confirmed, as the chain worker's confirmation leaves it: out of the queue
    await db.pendingContext.delete({ where: { id } });
    expect(await monitor.evaluate(now)).toMatchObject({ state: "ok", behind_seconds: 0 });

    // a fixed threshold (STALL_THRESHOLD_MS) replaces the formula
    const fixed = new AnchoringMonitor(
      db,
      { ...config, stallThresholdMs: 5_000 },
      pino({ level: "silent" }),
      metrics,
    );
    expect((await fixed.evaluate(now)).threshold_seconds).toBe(5);
  });
});
