import { sleep, waitFor } from "@ctxlog/core/testing";
import { type LoopLogger, runLoop } from "./run-loop";

function recordingLogger() {
  const lines: Array<{ level: "info" | "warn"; obj: Record<string, unknown>; msg: string }> = [];
  const logger: LoopLogger = {
    info: (obj, msg) => lines.push({ level: "info", obj: obj as Record<string, unknown>, msg }),
    warn: (obj, msg) => lines.push({ level: "warn", obj: obj as Record<string, unknown>, msg }),
  };
  return { logger, lines };
}

describe("runLoop — a step that does not return", () => {
  it("is reported while it runs, again and again, and no longer once it has returned", async () => {
    const { logger, lines } = recordingLogger();
    let release: (() => void) | undefined;
    let steps = 0;
    let returned = false;
    const loop = runLoop(
      "reconciler",
      async () => {
        steps++;
        if (steps === 1) await new Promise<void>((resolve) => (release = resolve)); // a wait nobody bounded
        returned = true;
        return "idle";
      },
      { idleMs: 60_000, slowStepReportMs: 50, logger },
    );
    const stillRunning = () => lines.filter((l) => l.msg === "reconciler step still running");
    try {
      await waitFor(() => stillRunning().length >= 2, { what: "two reports of the running step" });
      expect(stillRunning()[0]).toMatchObject({ level: "warn", obj: { loop: "reconciler" } });
      const [first, second] = stillRunning().map((l) => Number(l.obj.runningMs));
      expect(second).toBeGreaterThan(first ?? Infinity);

      release?.();
      await waitFor(() => returned);
      const reported = stillRunning().length;
      await sleep(300); // six report intervals: none may come for a step that has returned
      expect(stillRunning()).toHaveLength(reported);
    } finally {
      release?.();
      await loop.stop();
    }
  });
});
