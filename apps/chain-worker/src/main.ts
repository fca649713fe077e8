import { createLogger, handleShutdown, runMain } from "@ctxlog/runtime";
import { parseChainWorkerEnv } from "./env";
import { createChainWorker } from "./worker";

async function main() {
  const env = parseChainWorkerEnv(process.env);
  // Unbuffered, as before: the chain worker logs a few lines a minute, each worth seeing at once.
  const logger = createLogger({ service: "chain-worker", level: env.LOG_LEVEL, sync: true });
  const worker = createChainWorker(env, logger);
  await worker.start();

  handleShutdown({ logger, stop: () => worker.stop(), timeoutMs: 10_000 });
}

runMain(main);
