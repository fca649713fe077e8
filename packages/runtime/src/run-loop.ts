/** The slice of a pino logger a loop needs. */
export interface LoopLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RunningLoop {
  /** Runs the next step now instead of after the idle sleep (a notification said there is work). */
  wake(): void;
  /** Stops after the current step; resolves once it has returned. */
  stop(): Promise<void>;
}

/** How long a step runs before the loop says it is still running (and again as often after). */
export const DEFAULT_SLOW_STEP_REPORT_MS = 60_000;

/**
 * The polling loop of every worker: runs `step` until stopped. A step that reports more work runs
 * again at once; otherwise the loop sleeps `idleMs`, unless woken. A failing step is retried after
 * `errorBackoffMs`, never fatal — the rows it did not handle are still there next time. A run of
 * failures (an outage) is reported when it starts, then at most every 10 s, and once when it ends.
 *
 * Every wait inside a step must be bounded (the PG_* and REDIS_COMMAND_TIMEOUT_MS timeouts, the
 * enqueue timeout, the RPC timeout), so that a step fails rather than hangs: the loop does not cut
 * a step short, since two steps of one loop must never overlap. A step that still runs after
 * `slowStepReportMs` is reported, and again each `slowStepReportMs` until it returns, so a loop
 * stuck on a wait nobody bounded says so instead of falling silent.
 */
export function runLoop(
  name: string,
  step: () => Promise<"more" | "idle" | undefined>,
  opts: { idleMs: number; errorBackoffMs?: number; slowStepReportMs?: number; logger: LoopLogger },
): RunningLoop {
  let stopped = false;
  let woken = false;
  let interrupt: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      interrupt = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const watchedStep = async () => {
    const startedAt = Date.now();
    const report = setInterval(() => {
      opts.logger.warn({ loop: name, runningMs: Date.now() - startedAt }, `${name} step still running`);
    }, opts.slowStepReportMs ?? DEFAULT_SLOW_STEP_REPORT_MS);
    report.unref();
    try {
      return await step();
    } finally {
      clearInterval(report);
    }
  };

  let failures = 0;
  let lastReport = 0;
  const done = (async () => {
    while (!stopped) {
      woken = false;
      let next: "more" | "idle" | undefined;
      try {
        next = await watchedStep();
        if (failures > 0) opts.logger.info({ loop: name, failures }, `${name} recovered`);
        failures = 0;
      } catch (err) {
        failures++;
        if (failures === 1 || Date.now() - lastReport >= 10_000) {
          lastReport = Date.now();
          const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
          opts.logger.warn(
            { loop: name, err: message, consecutive: failures },
            `${name} step failed; retrying`,
          );
        }
        if (!stopped) await sleep(opts.errorBackoffMs ?? 1_000);
        continue;
      }
      // A wake-up during the step may announce work the step did not see yet.
      if (next !== "more" && !woken && !stopped) await sleep(opts.idleMs);
    }
  })();

  return {
    wake() {
      woken = true;
      interrupt?.();
    },
    async stop() {
      stopped = true;
      interrupt?.();
      await done;
    },
  };
}
