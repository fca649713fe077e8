import type { Logger } from "pino";

export interface RunningLoop {
  /** Runs the next step now instead of after the idle sleep (a notification said there is work). */
  wake(): void;
  /** Stops after the current step; resolves once it has returned. */
  stop(): Promise<void>;
}

/**
 * Runs `step` until stopped. A step that reports more work runs again at once; otherwise the loop
 * sleeps `idleMs`, unless woken. A failing step is logged and retried after `errorBackoffMs`,
 * never fatal: the rows it did not handle are still there next time.
 */
export function runLoop(
  name: string,
  step: () => Promise<"more" | "idle">,
  opts: { idleMs: number; errorBackoffMs?: number; logger: Logger },
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

  const done = (async () => {
    while (!stopped) {
      woken = false;
      let next: "more" | "idle";
      try {
        next = await step();
      } catch (err) {
        opts.logger.error({ err, loop: name }, `${name} step failed`);
        await sleep(opts.errorBackoffMs ?? 1_000);
        continue;
      }
      // A wake-up during the step may announce work the step did not see yet.
      if (next === "idle" && !woken && !stopped) await sleep(opts.idleMs);
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
