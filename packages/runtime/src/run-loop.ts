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

/**
 * The polling loop of every worker: runs `step` until stopped. A step that reports more work runs
 * again at once; otherwise the loop sleeps `idleMs`, unless woken. A failing step is retried after
 * `errorBackoffMs`, never fatal — the rows it did not handle are still there next time. A run of
 * failures (an outage) is reported when it starts, then at most every 10 s, and once when it ends.
 */
export function runLoop(
  name: string,
  step: () => Promise<"more" | "idle" | undefined>,
  opts: { idleMs: number; errorBackoffMs?: number; logger: LoopLogger },
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

  let failures = 0;
  let lastReport = 0;
  const done = (async () => {
    while (!stopped) {
      woken = false;
      let next: "more" | "idle" | undefined;
      try {
        next = await step();
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
