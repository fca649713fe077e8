import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { claimRedisDatabase, type RedisDatabaseClaim } from "@ctxlog/jobs/testing";
import { Redis } from "ioredis";
import { type ChainHarness, createChainHarness, waitFor } from "./testing/harness";

// A Redis database claimed for this suite alone, so flushing it cannot touch anyone else's keys
// (FLUSHALL would wipe every test and every developer's data on the shared server; FLUSHDB of a
// private db index is the same event for this worker).

describe("chain worker on anvil, PostgreSQL and Redis: node restarts and lost queues", () => {
  const state = path.join(tmpdir(), `ctxlog-anvil-${process.pid}-${Date.now()}.json`);
  let h: ChainHarness;
  let claim: RedisDatabaseClaim;
  beforeAll(async () => {
    claim = await claimRedisDatabase();
    h = await createChainHarness({
      anvilArgs: ["--state", state],
      redisUrl: claim.url,
      env: { BATCH_MAX: "64", REPLACE_AFTER_MS: "800", RECONCILE_INTERVAL_MS: "500" },
    });
    await h.startWorker();
  });
  afterAll(async () => {
    await h?.close();
    await claim?.release();
    rmSync(state, { force: true });
  });

  it("anvil stopped and restarted mid-run: every context confirms, each anchored once", async () => {
    const first = await h.submit(150);
    // some batches out, some in flight
    await waitFor(async () => (await h.db.anchorTransaction.count()) > 0, { what: "a first broadcast" });
    await h.anvilRpc("eth_blockNumber");
    const restarting = h.restartAnvil(1_500);
    await waitFor(
      () =>
        h.anvilRpc("eth_blockNumber").then(
          () => false,
          () => true,
        ),
      {
        what: "the node to be down",
      },
    );
    const during = await h.submit(100); // batched while the node is down
    await restarting;
    const ids = [...first, ...during];
    await h.waitForStatus(ids, "confirmed", 30_000);
    await h.expectAnchoredExactlyOnce(ids);
  });

  it("Redis flushed mid-run: the reconciler re-enqueues from PostgreSQL and every context confirms", async () => {
    const redis = new Redis(claim.url);
    try {
      const early = await h.submit(100);
      const late = await h.submit(100, false); // rows committed, jobs never made it (as if lost)
      await redis.flushdb();
      const ids = [...early, ...late];
      await h.waitForStatus(ids, "confirmed", 30_000);
      await h.expectAnchoredExactlyOnce(ids);
    } finally {
      redis.disconnect();
    }
  });
});
