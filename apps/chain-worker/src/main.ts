import pino from "pino";
import { parseChainWorkerEnv } from "./env";
import { createChainWorker } from "./worker";

async function main() {
  const env = parseChainWorkerEnv(process.env);
  const logger = pino({ level: env.LOG_LEVEL, base: { service: "chain-worker" } });
  const worker = createChainWorker(env, logger);
  await worker.start();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    setTimeout(() => process.exit(1), 10_000).unref();
    worker.stop().finally(() => process.exit(0));
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
