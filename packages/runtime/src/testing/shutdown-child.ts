// A tiny process for handle-shutdown.test.ts and run-main.test.ts: `node shutdown-child <mode>`.
// It writes "ready" once its handlers are installed, "stop" each time `stop` runs, and its log
// lines (JSON) to stdout.
import { createLogger } from "../create-logger";
import { handleShutdown } from "../handle-shutdown";
import { runMain } from "../run-main";

const mode = process.argv[2];

async function main() {
  if (mode === "fail-start") throw new Error("DATABASE_URL is not a postgres:// URL");
  const logger = createLogger({ service: "shutdown-child", level: "info" });
  const work = setInterval(() => {}, 1_000); // the process's "work", which keeps it alive
  handleShutdown({
    logger,
    timeoutMs: 300,
    stop: async () => {
      process.stdout.write("stop\n");
      clearInterval(work);
      if (mode === "hang") await new Promise(() => {}); // never settles; nothing else keeps us up
      if (mode === "fail") throw new Error("could not close the pool");
      await new Promise((resolve) => setTimeout(resolve, 150));
    },
  });
  process.stdout.write("ready\n");
}

runMain(main);
