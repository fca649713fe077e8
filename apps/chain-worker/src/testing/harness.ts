import { randomBytes } from "node:crypto";
import { ANVIL_DEV_KEYS, type AnvilInstance, deployRegistry, startAnvil } from "@ctxlog/contracts";
import { createTestDatabase, seedContexts, seedUser } from "@ctxlog/db/testing";
import { createRedisConnection, JobQueues } from "@ctxlog/jobs";
import { deleteRedisPrefix, TEST_REDIS_URL } from "@ctxlog/jobs/testing";
import pino from "pino";
import { createPublicClient, http } from "viem";
import { type ChainWorkerEnv, parseChainWorkerEnv } from "../env";
import { type ChainWorker, createChainWorker } from "../worker";

/** The anchoring signer in tests: anvil's second dev account (the first deploys the registry). */
export const TEST_ANCHOR_KEY = ANVIL_DEV_KEYS[1];
export const TEST_CONTEXT_KEY = ANVIL_DEV_KEYS[0];

export type EnvOverrides = Partial<Record<keyof ChainWorkerEnv, string>>;

/**
 * One per test file: its own anvil (0.2 s blocks unless told otherwise) with the registry
 * deployed, its own database and Redis prefix, and chain workers started in-process on demand.
 * `close()` stops and removes only what it created.
 */
export async function createChainHarness(opts: { blockTimeSeconds?: number; anvilArgs?: string[]; env?: EnvOverrides } = {}) {
  const anvil = await startAnvil({ blockTimeSeconds: opts.blockTimeSeconds ?? 0.2, args: opts.anvilArgs });
  const registry = await deployRegistry({ rpcUrl: anvil.rpcUrl, privateKey: ANVIL_DEV_KEYS[0] });
  const database = await createTestDatabase("ctxlog_chain_test", { poolSize: 8 });
  const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;
  const rawEnv: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    RPC_URL: anvil.rpcUrl,
    REGISTRY_ADDRESS: registry.address,
    SIGNER_PRIVATE_KEY: TEST_ANCHOR_KEY,
    CONFIRMATIONS: "3",
    BATCH_WINDOW_MS: "150",
    POLL_INTERVAL_MS: "50",
    RECONCILE_INTERVAL_MS: "1000",
    LEASE_TTL_MS: "3000",
    RPC_TIMEOUT_MS: "1000",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...opts.env,
  };
  const env = parseChainWorkerEnv(rawEnv);
  const producer = createRedisConnection(TEST_REDIS_URL, "producer");
  const queues = new JobQueues(producer, prefix);
  const owner = await seedUser(database.db);
  const rpc = createPublicClient({ transport: http(anvil.rpcUrl) });
  const workers = new Set<ChainWorker>();

  async function startWorker(overrides: EnvOverrides = {}, holder?: string) {
    const workerEnv = parseChainWorkerEnv({ ...rawEnv, ...overrides });
    const logger = pino({ level: workerEnv.LOG_LEVEL, base: { holder } });
    const worker = createChainWorker(workerEnv, logger, { holder });
    await worker.start();
    workers.add(worker);
    return worker;
  }

  async function stopWorker(worker: ChainWorker) {
    workers.delete(worker);
    await worker.stop();
  }

  /** Pending contexts written as the API writes them, and their anchor jobs enqueued. */
  async function submit(count: number, enqueue = true) {
    const ids = await seedContexts(database.db, owner, { count, signerPrivateKey: TEST_CONTEXT_KEY });
    if (enqueue) await queues.enqueueMany("anchorContext", ids.map((contextId) => ({ payload: { contextId }, jobId: contextId })));
    return ids;
  }

  async function statusCounts(ids: string[]) {
    const rows = await database.db.context.groupBy({ by: ["status"], where: { id: { in: ids } }, _count: true });
    return Object.fromEntries(rows.map((r) => [r.status, r._count])) as Record<string, number>;
  }

  /** Polls until every context is in `status` (default confirmed), or throws with the counts. */
  async function waitForStatus(ids: string[], status = "confirmed", timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const counts = await statusCounts(ids);
      if ((counts[status] ?? 0) === ids.length) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${status}: ${JSON.stringify(counts)}`);
      await sleep(100);
    }
  }

  async function close() {
    await Promise.allSettled([...workers].map((w) => w.stop()));
    await queues.close();
    producer.disconnect();
    await deleteRedisPrefix(prefix);
    await database.drop();
    await anvil.stop();
  }

  return {
    anvil: anvil as AnvilInstance,
    registry,
    db: database.db,
    dbUrl: database.url,
    prefix,
    env,
    rawEnv,
    queues,
    rpc,
    owner,
    startWorker,
    stopWorker,
    submit,
    statusCounts,
    waitForStatus,
    close,
  };
}

export type ChainHarness = Awaited<ReturnType<typeof createChainHarness>>;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
