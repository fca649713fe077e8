import { handleShutdown, runMain } from "@ctxlog/runtime";
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

  handleShutdown({
    logger,
    stop: () => runtime.stop(),
    timeoutMs: SHUTDOWN_GRACE_MS,
    message: "shutting down: finishing in-flight attempts",
  });
}

runMain(main);
