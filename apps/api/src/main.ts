import { loadFastKeccak, secp256k1Backend } from "@ctxlog/core";
import { deleteExpiredIdempotencyKeys } from "@ctxlog/db";
import { handleShutdown, runMain } from "@ctxlog/runtime";
import { createApp } from "./app";
import { isClusterWorker, reportListening, runPrimary } from "./cluster";
import type { ApiDeps } from "./deps";
import { type ApiEnv, parseApiEnv } from "./env";
import { createLogger } from "./http/logging";
import { serveOps } from "./ops-server";
import { releaseExpiredHeldSpans } from "./routes/otel/held-spans";
import { createApiDeps } from "./wiring";

const HOURLY = 60 * 60 * 1000;
const HELD_SPANS_SWEEP_MS = 10_000;
const REDIS_READY_WAIT_MS = 5_000;

function redisReady(redis: ApiDeps["redis"], waitMs: number): Promise<boolean> {
  if (redis.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      resolve(false);
    }, waitMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once("ready", onReady);
  });
}

async function main() {
  const env = parseApiEnv(process.env);
  const logger = createLogger(env.LOG_LEVEL);
  if (env.API_PROCESSES > 1 && !isClusterWorker()) {
    runPrimary(env.API_PROCESSES, logger);
    return;
  }
  await serve(env, logger);
}

/** One API process: the whole app on one event loop (alone, or as one of a cluster's processes). */
async function serve(env: ApiEnv, logger: ReturnType<typeof createLogger>) {
  await loadFastKeccak(); // context hashes on the request path: WebAssembly keccak, ~18x faster
  const deps = createApiDeps(env, logger, { clustered: isClusterWorker() });
  const app = createApp(deps);
  // Publishes this process's signer (from now on) and older ones found on contexts, then hourly.
  deps.signers.start();
  if (!deps.chain) logger.warn("RPC_URL is unset: POST /v1/verifications answers 503");
  if (secp256k1Backend() === "javascript")
    logger.warn("libsecp256k1's native addon did not load: signing runs on the slower pure-JS curve");
  if (deps.mail) logger.info({ mail: deps.mail.description }, "invitations are mailed");
  else
    logger.warn("SMTP_URL is unset: POST /v1/accounts/invitations answers 503 (nothing can mail the link)");
  // The producer connection queues nothing while it connects (it fails fast, so a Redis outage is a
  // 503 rather than a hang): listening before it is ready would answer a fresh process's first
  // requests 503. A Redis still down after the wait is reported and the API serves anyway.
  if (!(await redisReady(deps.redis, REDIS_READY_WAIT_MS))) {
    logger.warn({ waitedMs: REDIS_READY_WAIT_MS }, "Redis is not ready yet: requests answer 503 until it is");
  }
  // Express 5 calls this back with the error too when the port cannot be bound (in use, address
  // not on this host): stop then, rather than run on without listening.
  const server = app.listen(env.PORT, env.HOST, (err?: Error) => {
    if (err) {
      logger.fatal({ err, host: env.HOST, port: env.PORT }, "cannot listen");
      logger.flush();
      process.exit(1);
    }
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info(
      { url: `http://${env.HOST}:${port}/v1`, signer: deps.signer.address },
      "ctxlog api listening",
    );
    reportListening();
  });
  server.keepAliveTimeout = 65_000;
  // Called right after the public listen, in the same order in every cluster process, so that
  // node:cluster pairs the two servers of each process the same way even with ports of 0.
  const opsServer = serveOps(deps, env).then(
    (ops) => {
      const address = ops.address();
      const port = typeof address === "object" && address ? address.port : env.OPS_PORT;
      logger.info({ url: `http://${env.OPS_HOST}:${port}` }, "ops endpoints (/metrics, /readyz) listening");
      return ops;
    },
    (err: unknown) => {
      logger.fatal({ err, host: env.OPS_HOST, port: env.OPS_PORT }, "cannot listen on the ops port");
      logger.flush();
      process.exit(1);
    },
  );

  const sweep = setInterval(() => {
    deleteExpiredIdempotencyKeys(deps.db).catch((err: unknown) =>
      logger.warn({ err }, "idempotency sweep failed"),
    );
  }, HOURLY);
  sweep.unref();
  // spans held for a trace whose root never came are written once held too long (held-spans.ts)
  const heldSpans = setInterval(() => {
    releaseExpiredHeldSpans(deps).catch((err: unknown) => logger.warn({ err }, "held spans sweep failed"));
  }, HELD_SPANS_SWEEP_MS);
  heldSpans.unref();

  handleShutdown({
    logger,
    timeoutMs: 10_000,
    stop: async () => {
      clearInterval(sweep);
      clearInterval(heldSpans);
      deps.signers.stop();
      opsServer.then((ops) => ops.close());
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.close();
    },
  });
}

runMain(main);
