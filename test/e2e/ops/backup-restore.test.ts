// Backup and restore as an operator does it (docs/operations.md, "Backup and restore"): the stack
// runs and takes contexts and webhook deliveries; `pg_dump` is taken mid-flight (a wave of contexts
// just accepted, not yet anchored); more work arrives; then the database is lost (dropped) and Redis
// flushed; the dump is restored with `pg_restore` and the apps restarted. Every context accepted
// before the dump ends confirmed and every delivery of the restored database is made: PostgreSQL is
// the only state that matters, the reconcilers rebuild the queues.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AnvilInstance } from "@ctxlog/contracts/anvil";
import { waitFor } from "@ctxlog/core/testing";
import { createApiKey, createDb, dropDatabase, ensureDatabase } from "@ctxlog/db";
import { createTestDatabase, type TestDatabase } from "@ctxlog/db/testing";
import { claimRedisDatabase, type RedisDatabaseClaim } from "@ctxlog/jobs/testing";
import { type Receiver, startReceiver } from "@ctxlog/webhooks/testing";
import { Redis } from "ioredis";
import { callApi, type RunningApps, type StackConfig, startApps, startChain } from "./stack";

let anvil: AnvilInstance;
let database: TestDatabase;
let claim: RedisDatabaseClaim;
let receiver: Receiver;
let apps: RunningApps | undefined;
const dumpDir = mkdtempSync(path.join(tmpdir(), "ctxlog-backup-"));

afterAll(async () => {
  await apps?.stop();
  await receiver?.close();
  await database?.drop();
  await claim?.release();
  await anvil?.stop();
  rmSync(dumpDir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("brings back every context accepted before the dump and every due delivery", async () => {
    const chain = await startChain();
    anvil = chain.anvil;
    database = await createTestDatabase("ctxlog_ops_restore_test");
    await database.db.$disconnect(); // this test's own clients come and go with the database
    claim = await claimRedisDatabase({ ttlMs: 120_000 });
    const config: StackConfig = {
      databaseUrl: database.url,
      redisUrl: claim.url,
      redisPrefix: "ctxlog",
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      registryAddress: chain.registryAddress,
    };
    receiver = await startReceiver(() => 200);
    apps = await startApps(config);

    let db = createDb(database.url, { poolSize: 2 });
    const { key } = await createApiKey(db, { userId: "ops-restore", type: "full" });
    const hook = await callApi(apps, key, "POST", "/v1/webhooks", {
      url: `${receiver.url}/hook`,
      events: ["context.created", "context.confirmed"],
    });
    expect(hook.status).toBe(201);
    const post = async (n: number, wave: string) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await callApi(apps as RunningApps, key, "POST", "/v1/contexts", {
          agent_id: `agent-${wave}`,
          context_data: { wave, i, nonce: randomBytes(4).toString("hex") },
        });
        expect(res.status).toBe(202);
        ids.push(res.body.context_id as string);
      }
      return ids;
    };
    const confirmedCount = (ids: string[]) =>
      // a confirmation writes the context's batch and leaf in confirmed_contexts
      db.confirmedContext.count({ where: { id: { in: ids } } });

    // wave 1 is anchored and reported before the dump; wave 2 is accepted just before it
    const anchored = await post(8, "before");
    await waitFor(async () => (await confirmedCount(anchored)) === anchored.length, { timeout: 30_000 });
    const inFlight = await post(8, "in-flight");
    const dump = path.join(dumpDir, "ctxlog.dump");
    execFileSync("pg_dump", ["--format=custom", `--file=${dump}`, database.url]);
    // accepted after the dump: lost with the database, which is what a restore means
    await post(4, "after");

    // The disaster: the database is gone and Redis is flushed while the apps run; the operator
    // stops them, restores the dump into a new, empty database and starts them again.
    await db.$disconnect();
    await dropDatabase(database.url);
    const redis = new Redis(claim.url);
    await redis.flushdb();
    redis.disconnect();
    await apps.stop();
    apps = undefined;
    await ensureDatabase(database.url);
    execFileSync("pg_restore", ["--no-owner", `--dbname=${database.url}`, dump]);
    db = createDb(database.url, { poolSize: 2 });
    // the dump was taken mid-flight: wave 2 was not confirmed in it
    expect(await confirmedCount(inFlight)).toBeLessThan(inFlight.length);
    apps = await startApps(config);

    const beforeDump = [...anchored, ...inFlight];
    await waitFor(async () => (await confirmedCount(beforeDump)) === beforeDump.length, {
      timeout: 60_000,
      what: async () => `${await confirmedCount(beforeDump)}/${beforeDump.length} confirmed`,
    });
    // every context of the dump is reported confirmed to the webhook (fan-out runs after the
    // confirmation commits, so wait for the receiver), and every delivery the database holds is made
    const confirmedReported = () =>
      new Set(
        receiver.requests
          .map((r) => JSON.parse(r.body) as { type?: string; event?: string; data?: { context_id?: string } })
          .filter((e) => (e.type ?? e.event) === "context.confirmed")
          .map((e) => e.data?.context_id),
      );
    const unreported = () => beforeDump.filter((id) => !confirmedReported().has(id));
    await waitFor(() => unreported().length === 0, {
      timeout: 30_000,
      what: () => `context.confirmed received for every context (missing: ${unreported().join(", ")})`,
    });
    const undelivered = () => db.webhookDelivery.count({ where: { status: { not: "succeeded" } } });
    await waitFor(async () => (await undelivered()) === 0, {
      timeout: 30_000,
      what: async () => `${await undelivered()} deliveries not made`,
    });
    expect(await db.webhookDelivery.count()).toBeGreaterThanOrEqual(beforeDump.length * 2);
    await db.$disconnect();
  }, 180_000);
});
