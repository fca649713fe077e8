import { parseWorkerEnv } from "./env";
import { createLogger } from "./logger";
import { createWorkerRuntime } from "./wiring";

// In-flight attempts get this long to finish on SIGTERM (one attempt's timeout plus margin).
const SHUTDOWN_GRACE_MS = 15_000;

async function main() {
  const env = parseWorkerEnv(process.env);
  const logger = createLogger(env.LOG_LEVEL);
  const runtime = createWorkerRuntime(env, logger);
  await runtime.start();
  logger.info(
    {
      concurrency: env.WEBHOOK_CONCURRENCY,
      endpointConcurrency: env.WEBHOOK_ENDPOINT_CONCURRENCY,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      retryDelaysMs: env.WEBHOOK_RETRY_DELAYS_MS,
      allowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS,
      metricsPort: runtime.metricsPort(),
    },
    "ctxlog webhook worker running",
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight attempts");
    setTimeout(() => {
      logger.error("shutdown timed out");
      logger.flush();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    runtime.stop().then(
      () => {
        logger.info("stopped");
        logger.flush();
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        logger.flush();
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
