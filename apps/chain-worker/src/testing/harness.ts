import { randomBytes } from "node:crypto";
import { findAnchoredLogs } from "@ctxlog/chain";
import { deployRegistry } from "@ctxlog/contracts";
import { ANVIL_DEV_KEYS, type AnvilInstance, startAnvil } from "@ctxlog/contracts/anvil";
import { loadScaledSlackMs, sleep, waitFor } from "@ctxlog/core/testing";
import { hexOf, readContextStates } from "@ctxlog/db";
import { createTestDatabase, seedContexts, seedUser } from "@ctxlog/db/testing";
import { anchorJobsFor, createRedisConnection, JobQueues } from "@ctxlog/jobs";
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
export async function createChainHarness(
  opts: { manualMining?: boolean; anvilArgs?: string[]; env?: EnvOverrides; redisUrl?: string } = {},
) {
  // manualMining: no block unless the test mines one (evm_mine); set once the registry is deployed
  const anvilOpts = { blockTimeSeconds: opts.manualMining ? undefined : 0.2, args: opts.anvilArgs };
  // the chain (anvil, the registry deployed) and the database are made side by side
  const chainReady = (async () => {
    const started = await startAnvil(anvilOpts);
    try {
      const deployed = await deployRegistry({ rpcUrl: started.rpcUrl, privateKey: ANVIL_DEV_KEYS[0] });
      if (opts.manualMining) await rpcCall(started.rpcUrl, "evm_setAutomine", [false]);
      return { started, deployed };
    } catch (error) {
      await started.stop();
      throw error;
    }
  })();
  const [chain, made] = await Promise.allSettled([
    chainReady,
    createTestDatabase("ctxlog_chain_test", { poolSize: 8 }),
  ]);
  if (chain.status === "rejected" || made.status === "rejected") {
    // undo whichever half succeeded
    if (chain.status === "fulfilled") await chain.value.started.stop();
    if (made.status === "fulfilled") await made.value.drop();
    throw chain.status === "rejected" ? chain.reason : (made as PromiseRejectedResult).reason;
  }
  let anvil = chain.value.started;
  const registry = chain.value.deployed;
  const database = made.value;
  const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;
  const rawEnv: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: opts.redisUrl ?? TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    RPC_URL: anvil.rpcUrl,
    REGISTRY_ADDRESS: registry.address,
    SIGNER_PRIVATE_KEY: TEST_ANCHOR_KEY,
    CTXLOG_DEV_MODE: "true", // anvil's dev keys sign
    CONFIRMATIONS: "3",
    BATCH_WINDOW_MS: "150",
    POLL_INTERVAL_MS: "50",
    RECONCILE_INTERVAL_MS: "1000",
    LEASE_TTL_MS: "3000",
    // short, so tests of a dead node end soon, but not below what a loaded machine's anvil needs
    // (a fresh-clone run timed out eth_getCode at 1 s under load)
    RPC_TIMEOUT_MS: String(Math.max(1_000, loadScaledSlackMs(1_000))),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...opts.env,
  };
  const env = parseChainWorkerEnv(rawEnv);
  const redisUrl = opts.redisUrl ?? TEST_REDIS_URL;
  const producer = createRedisConnection(redisUrl, "producer");
  const queues = new JobQueues(producer, prefix);
  const owner = await seedUser(database.db);
  const rpc = createPublicClient({ transport: http(anvil.rpcUrl) });
  const workers = new Set<ChainWorker>();

  /**
   * A worker started in-process. With `logs`, its JSON log lines (info and up) are pushed there
   * instead of going nowhere, for tests that check what an operator would read.
   */
  async function startWorker(overrides: EnvOverrides = {}, holder?: string, opts: { logs?: string[] } = {}) {
    const worker = createWorker(overrides, holder, opts);
    try {
      await worker.start();
    } catch (error) {
      await worker.stop().catch(() => {});
      throw error;
    }
    workers.add(worker);
    return worker;
  }

  /** A worker not started yet (the caller starts and stops it). */
  function createWorker(overrides: EnvOverrides = {}, holder?: string, opts: { logs?: string[] } = {}) {
    const workerEnv = parseChainWorkerEnv({ ...rawEnv, ...overrides });
    const logs = opts.logs;
    const logger = logs
      ? pino({ level: "info", base: { holder } }, { write: (line: string) => void logs.push(line) })
      : pino({ level: workerEnv.LOG_LEVEL, base: { holder } });
    return createChainWorker(workerEnv, logger, { holder });
  }

  async function stopWorker(worker: ChainWorker) {
    workers.delete(worker);
    await worker.stop();
  }

  /** Pending contexts written in one write as the API writes them, and its anchoring job enqueued. */
  async function submit(count: number, enqueue = true) {
    const ids = await seedContexts(database.db, owner, { count, signerPrivateKey: TEST_CONTEXT_KEY });
    // one job for the whole write, as the API enqueues it
    if (enqueue) await queues.enqueueMany("anchorContexts", anchorJobsFor(ids));
    return ids;
  }

  /** How many of these contexts are in each status, as readers show it. */
  async function statusCounts(ids: string[]) {
    const counts: Record<string, number> = {};
    for (const { status } of await readContextStates(database.db, ids))
      counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }

  /** Polls until every context is in `status` (default confirmed), or throws with the counts. */
  async function waitForStatus(ids: string[], status = "confirmed", timeoutMs = 30_000) {
    await waitFor(async () => ((await statusCounts(ids))[status] ?? 0) === ids.length, {
      timeout: timeoutMs,
      interval: 100,
      what: async () => `every context ${status} (${JSON.stringify(await statusCounts(ids))})`,
    });
  }

  /** Stops anvil, waits `downMs`, and starts it again on the same port (give it `--state` to keep the chain). */
  async function restartAnvil(downMs: number) {
    await anvil.stop();
    await sleep(downMs); // deliberate: the node stays down this long
    anvil = await startAnvil({ ...anvilOpts, port: anvil.port });
  }

  /** Raw JSON-RPC to the current anvil (anvil_*, evm_* methods). */
  function anvilRpc(method: string, params: unknown[] = []): Promise<unknown> {
    return rpcCall(anvil.rpcUrl, method, params);
  }

  /** Roots of every Anchored log the registry emitted on the canonical chain, in order. */
  async function anchoredRoots(): Promise<string[]> {
    const logs = await rpc.getLogs({ address: registry.address, fromBlock: 0n, toBlock: "latest" });
    return findAnchoredLogs(logs, registry.address).map((l) => l.root);
  }

  /**
   * The exactly-once check: every context is confirmed, in an anchor whose root is on chain, no
   * anchor is on chain twice (a root is on chain as many times as confirmed anchors have it: a tree
   * head's root twice only when two anchors anchored the same head, as a window holding more than
   * BATCH_MAX contexts of one checkpoint does), and each context has one created and one confirmed
   * event.
   */
  async function expectAnchoredExactlyOnce(ids: string[]) {
    const onChain = new Map<string, number>();
    for (const root of await anchoredRoots()) onChain.set(root, (onChain.get(root) ?? 0) + 1);
    const confirmed = new Map<string, number>();
    for (const a of await database.db.anchor.findMany({
      where: { status: "confirmed" },
      select: { merkleRoot: true },
    })) {
      const root = hexOf(a.merkleRoot);
      confirmed.set(root, (confirmed.get(root) ?? 0) + 1);
    }
    for (const [root, times] of onChain) {
      if (times > (confirmed.get(root) ?? 0))
        throw new Error(`root ${root} anchored ${times} times for ${confirmed.get(root) ?? 0} anchors`);
    }
    const contexts = await readContextStates(database.db, ids);
    const rootOf = new Map(
      (
        await database.db.anchor.findMany({
          where: { id: { in: contexts.flatMap((c) => (c.anchorId ? [c.anchorId] : [])) } },
          select: { id: true, merkleRoot: true },
        })
      ).map((a) => [a.id, hexOf(a.merkleRoot)]),
    );
    const missing = contexts.filter(
      (c) => c.status !== "confirmed" || !onChain.has(rootOf.get(c.anchorId ?? "") ?? ""),
    );
    if (contexts.length !== ids.length || missing.length > 0) {
      throw new Error(`${missing.length} of ${ids.length} contexts not confirmed with an on-chain root`);
    }
    const events = await database.db.outboxEvent.groupBy({
      by: ["event"],
      where: { contextId: { in: ids } },
      _count: true,
    });
    const counts = Object.fromEntries(events.map((e) => [e.event, e._count]));
    if (counts["context.confirmed"] !== ids.length || counts["context.created"] !== ids.length) {
      throw new Error(
        `events per context are not exactly one created and one confirmed: ${JSON.stringify(counts)}`,
      );
    }
  }

  async function close() {
    await Promise.allSettled([...workers].map((w) => w.stop()));
    await queues.close();
    producer.disconnect();
    await deleteRedisPrefix(prefix, redisUrl);
    await database.drop();
    await anvil.stop();
  }

  return {
    get anvil(): AnvilInstance {
      return anvil;
    },
    restartAnvil,
    anvilRpc,
    anchoredRoots,
    expectAnchoredExactlyOnce,
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
    createWorker,
    stopWorker,
    submit,
    statusCounts,
    waitForStatus,
    close,
  };
}

export type ChainHarness = Awaited<ReturnType<typeof createChainHarness>>;

async function rpcCall(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

export type { ChainWorker };
export { sleep, waitFor };
