import type { Logger } from "pino";

export interface ShutdownOptions {
  logger: Pick<Logger, "info" | "error" | "flush">;
  /** Stops the process's work (servers, loops, connections); resolves once all of it has. */
  stop: (signal: NodeJS.Signals) => Promise<void>;
  /** after this long, exit 1 whatever `stop` is doing */
  timeoutMs: number;
  /** the line logged when the signal arrives; default "shutting down" */
  message?: string;
}

/**
 * Graceful shutdown on SIGTERM or SIGINT: runs `stop` once (a second signal changes nothing),
 * then exits 0, or 1 if `stop` failed or did not finish within `timeoutMs`. Logs are flushed
 * before every exit (the default logger buffers them).
 */
export function handleShutdown(opts: ShutdownOptions): void {
  const { logger } = opts;
  let stopping = false;
  const exit = (code: number) => {
    logger.flush();
    process.exit(code);
  };
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, opts.message ?? "shutting down");
    // Not unref'd: a `stop` waiting on something that will never come would otherwise let the
    // event loop drain and the process end with 0, as if it had stopped cleanly.
    setTimeout(() => {
      logger.error({ timeoutMs: opts.timeoutMs }, "shutdown timed out");
      exit(1);
    }, opts.timeoutMs);
    opts.stop(signal).then(
      () => {
        logger.info("stopped");
        exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
