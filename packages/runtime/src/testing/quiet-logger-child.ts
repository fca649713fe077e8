// A tiny process for create-logger-flush.test.ts: `node quiet-logger-child <message>`. It logs one
// short line through the default (buffered) stdout destination, then stays up, quiet, until killed.
import { createLogger } from "../create-logger";

const logger = createLogger({ service: "quiet-logger-child", level: "info" });
logger.warn({ loop: "reconciler" }, process.argv[2] ?? "hello");
setInterval(() => {}, 1_000); // the process's "work", which keeps it alive
