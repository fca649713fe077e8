import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { createRpcClient } from "@ctxlog/chain";
import { loadFastKeccak, pgTimeoutsFrom, redisTargetFrom } from "@ctxlog/core";
import { type AnchorTarget, createDb, registerSigner } from "@ctxlog/db";
import { createRedisConnection, JobQueues } from "@ctxlog/jobs";
import { type RunningLoop, runLoop, serveMetrics } from "@ctxlog/runtime";
import type { Logger } from "pino";
import type { Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { AnchoringMonitor } from "./anchoring-monitor";
import { startBatcher } from "./batcher";
import type { ChainWorkerEnv } from "./env";
import { LeaseKeeper } from "./lease-keeper";
import { createChainMetrics } from "./metrics";
import { refreshOpsGauges } from "./ops-gauges";
import { reconcileUnbatchedContexts } from "./reconciler";
import { AnchorSender } from "./sender";
import { WitnessCosigner } from "./tlog/cosign-checkpoints";
import { Sequencer } from "./tlog/sequencer";
import { ChainTracker } from "./tracker";
import { verifyChainIdentity } from "./verify-chain-identity";

/**
 * One chain-worker process: batcher (queue consumer), sender (only while holding the signer's
 * lease), tracker and reconciler. `start` checks the chain before anything runs.
 */
export function createChainWorker(env: ChainWorkerEnv, logger: Logger, opts: { holder?: string } = {}) {
  // A stalled query fails after PG_QUERY_TIMEOUT_MS and its loop retries, instead of hanging.
  const db = createDb(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE, timeouts: pgTimeoutsFrom(env) });
  const rpc = createRpcClient(env.RPC_URL, { timeoutMs: env.RPC_TIMEOUT_MS });
  const account = privateKeyToAccount(env.SIGNER_PRIVATE_KEY as `0x${string}`);
  const registryAddress = env.REGISTRY_ADDRESS as Address;
  const holder = opts.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const metrics = createChainMetrics();
  const monitor = new AnchoringMonitor(
    db,
    {
      network: env.NETWORK_NAME,
      confirmations: env.CONFIRMATIONS,
      batchWindowMs: env.BATCH_WINDOW_MS,
      stallThresholdMs: env.STALL_THRESHOLD_MS,
    },
    logger,
    metrics,
  );
  // Each tick does what is due and returns; between ticks the loop sleeps the interval unless woken.
  // A failed tick is the stall report's reason until a later error replaces it.
  const loop = (name: string, tick: () => Promise<void>, intervalMs: number) =>
    runLoop(
      name,
      async () => {
        try {
          await tick();
        } catch (err) {
          monitor.noteError(`${name}: ${err instanceof Error ? err.message : String(err)}`);
          throw err;
        }
        return "idle";
      },
      { idleMs: intervalMs, errorBackoffMs: intervalMs, logger },
    );
  let ready: { ready: boolean; body: object } = { ready: false, body: { status: "starting" } };
  let monitorLoop: RunningLoop | undefined;
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  let chainId = env.CHAIN_ID ?? 0;
  let sendLoop: RunningLoop | undefined;
  const lease = new LeaseKeeper(db, account.address, holder, env.LEASE_TTL_MS, logger, (held) => {
    metrics.leaseHeld.set(held ? 1 : 0);
    if (held) sendLoop?.wake();
  });
  let tracker: ChainTracker | undefined;
  let trackLoop: RunningLoop | undefined;
  let reconcileLoop: RunningLoop | undefined;
  let gaugesLoop: RunningLoop | undefined;
  let publishLoop: RunningLoop | undefined;
  let sequenceLoop: RunningLoop | undefined;
  let witnessLoop: RunningLoop | undefined;
  const sequencer = new Sequencer(
    db,
    { signingKey: env.TLOG_SIGNING_KEY, origin: env.TLOG_ORIGIN },
    logger,
    metrics,
  );
  const cosigner = new WitnessCosigner(
    db,
    {
      witnesses: env.TLOG_WITNESSES,
      threshold: env.TLOG_WITNESS_THRESHOLD,
      timeoutMs: env.TLOG_WITNESS_TIMEOUT_MS,
    },
    logger,
    metrics,
  );
  let batcher: ReturnType<typeof startBatcher> | undefined;
  const connection = createRedisConnection(redisTargetFrom(env), "worker", {
    commandTimeout: env.REDIS_COMMAND_TIMEOUT_MS,
  });
  const producer = createRedisConnection(redisTargetFrom(env), "producer", {
    commandTimeout: env.REDIS_COMMAND_TIMEOUT_MS,
  });
  for (const r of [connection, producer]) {
    r.on("error", (err) => logger.warn({ err: err.message }, "redis connection error"));
  }
  const queues = new JobQueues(producer, env.REDIS_PREFIX);

  /** A turn of the log's sequencer; a new checkpoint goes to the witnesses at once. */
  async function sequence() {
    const { appended } = await sequencer.tick();
    if (appended > 0) witnessLoop?.wake();
  }

  async function start() {
    await loadFastKeccak(); // Merkle trees of up to BATCH_MAX leaves
    if (env.CHAIN_WORKER_METRICS_PORT !== undefined) {
      // up first, so /readyz answers "not ready, because …" while the checks below refuse to start
      metricsServer = await serveMetrics(
        metrics.registry,
        env.CHAIN_WORKER_METRICS_PORT,
        env.CHAIN_WORKER_METRICS_HOST,
        {
          readiness: async () => ({ ...ready, body: { ...ready.body, anchoring: monitor.current() } }),
          health: async () => ({ anchoring: monitor.current() }),
        },
      );
    }
    try {
      await checkChain();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      ready = { ready: false, body: { status: "unavailable", reason: message } };
      await monitor.refuse(message).catch(() => {});
      throw err;
    }
    await sequencer.start();
    await cosigner.start();
    startLoops();
    ready = { ready: true, body: { status: "ok" } };
  }

  async function checkChain() {
    const reported = await rpc.getChainId();
    if (env.CHAIN_ID !== undefined && reported !== env.CHAIN_ID) {
      throw new Error(`RPC_URL reports chain id ${reported}, but CHAIN_ID is ${env.CHAIN_ID}`);
    }
    chainId = reported;
    const code = await rpc.getCode({ address: registryAddress });
    if (!code || code === "0x")
      throw new Error(`no contract at REGISTRY_ADDRESS ${registryAddress} on chain ${chainId}`);
    await verifyChainIdentity(db, rpc, chainId, registryAddress, logger);
  }

  function startLoops() {
    const target: AnchorTarget = {
      signerAddress: account.address,
      chainId,
      network: env.NETWORK_NAME,
      registryAddress,
    };
    const sender = new AnchorSender(
      db,
      rpc,
      account,
      lease,
      {
        chainId,
        registryAddress,
        gasLimit: env.ANCHOR_GAS_LIMIT,
        replaceAfterMs: env.REPLACE_AFTER_MS,
        rpcGiveUpMs: env.RPC_GIVE_UP_MS,
        fundsGiveUpMs: env.INSUFFICIENT_FUNDS_GIVE_UP_MS,
        sendBatch: 512,
        nonceCheckAfterBlocks: env.NONCE_CHECK_AFTER_BLOCKS,
      },
      logger,
      metrics,
      (error) => monitor.noteError(error),
    );
    sendLoop = loop("send", () => sender.tick(), env.POLL_INTERVAL_MS);
    tracker = new ChainTracker(
      db,
      rpc,
      {
        chainId,
        network: env.NETWORK_NAME,
        registryAddress,
        confirmations: env.CONFIRMATIONS,
        maxBlocksPerTick: 50,
      },
      logger,
      metrics,
    );
    const t = tracker;
    trackLoop = loop("track", () => t.tick(), env.POLL_INTERVAL_MS);
    reconcileLoop = loop(
      "reconcile",
      async () => {
        const { enqueued } = await reconcileUnbatchedContexts(db, queues, env.BATCH_WINDOW_MS + 5_000);
        metrics.reconciled.inc(enqueued);
        if (enqueued > 0) logger.info({ enqueued }, "reconciler re-enqueued unbatched contexts");
      },
      env.RECONCILE_INTERVAL_MS,
    );

    // GET /v1/signers publishes this key as kind "anchor" from now on (anchor_submitter checks it)
    const startedAt = new Date();
    publishLoop = loop(
      "publish-anchor-key",
      () => registerSigner(db, account.address, { kind: "anchor", startedAt, now: new Date() }),
      60 * 60 * 1000,
    );

    // the transparency log: a checkpoint every interval while entries arrive (sequencer.ts); its
    // failures are logged by the loop, not made the anchoring stall report's reason
    sequenceLoop = runLoop(
      "tlog-sequence",
      async () => {
        await sequence();
        return "idle";
      },
      { idleMs: env.TLOG_CHECKPOINT_INTERVAL_MS, errorBackoffMs: env.TLOG_CHECKPOINT_INTERVAL_MS, logger },
    );
    // the witnesses (cosign-checkpoints.ts): woken by each new checkpoint, and each interval for a
    // witness that failed (it backs off); its own loop, so a slow witness never delays sequencing
    witnessLoop = runLoop(
      "tlog-witness",
      async () => {
        await cosigner.round();
        return "idle";
      },
      { idleMs: env.TLOG_CHECKPOINT_INTERVAL_MS, errorBackoffMs: env.TLOG_CHECKPOINT_INTERVAL_MS, logger },
    );

    monitorLoop = loop(
      "anchoring-check",
      () => monitor.evaluate().then(() => {}),
      env.ANCHORING_CHECK_INTERVAL_MS,
    );
    if (metricsServer) {
      const gaugeDeps = {
        db,
        rpc,
        signer: account.address,
        queue: () => queues.queue("anchorContexts"),
        metrics,
      };
      gaugesLoop = loop("metrics-refresh", () => refreshOpsGauges(gaugeDeps), env.METRICS_REFRESH_MS);
    }
    lease.start();
    batcher = startBatcher(
      db,
      connection,
      target,
      sequence,
      {
        batchMax: env.BATCH_MAX,
        batchWindowMs: env.BATCH_WINDOW_MS,
        prefix: env.REDIS_PREFIX,
      },
      () => sendLoop?.wake(),
      logger,
      metrics,
    );
    logger.info(
      { chainId, registry: registryAddress, signer: account.address, holder },
      "chain worker started",
    );
  }

  async function stop() {
    metricsServer?.close();
    await batcher?.close();
    await Promise.all([
      sendLoop?.stop(),
      trackLoop?.stop(),
      reconcileLoop?.stop(),
      gaugesLoop?.stop(),
      publishLoop?.stop(),
      sequenceLoop?.stop(),
      witnessLoop?.stop(),
      monitorLoop?.stop(),
    ]);
    await lease.stop();
    await queues.close();
    await Promise.allSettled([connection.quit(), producer.quit()]);
    await db.$disconnect();
  }

  /** the port /metrics listens on (CHAIN_WORKER_METRICS_PORT may be 0: any free port) */
  const metricsPort = () => {
    const address = metricsServer?.address();
    return typeof address === "object" && address ? address.port : undefined;
  };

  return {
    start,
    stop,
    db,
    rpc,
    lease,
    holder,
    metrics,
    metricsPort,
    monitor,
    sequencer,
    cosigner,
    signerAddress: account.address,
  };
}

export type ChainWorker = ReturnType<typeof createChainWorker>;
