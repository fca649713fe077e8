import { loadScaledSlackMs } from "@ctxlog/core/testing";
import { type LoopLogger, runLoop } from "./run-loop";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLogger() {
  const lines: Array<{ level: "info" | "warn"; obj: Record<string, unknown>; msg: string }> = [];
  const logger: LoopLogger = {
    info: (obj, msg) => lines.push({ level: "info", obj: obj as Record<string, unknown>, msg }),
    warn: (obj, msg) => lines.push({ level: "warn", obj: obj as Record<string, unknown>, msg }),
  };
  return { logger, lines };
}

describe("runLoop", () => {
  it("runs again at once while a step reports more, then sleeps idleMs", async () => {
    const { logger } = recordingLogger();
    const results: Array<"more" | "idle"> = ["more", "more", "idle"];
    let steps = 0;
    const loop = runLoop("test", async () => (steps++ < 3 ? results[steps - 1] : "idle"), {
      idleMs: 60_000,
      logger,
    });
    await sleep(100);
    await loop.stop();
    expect(steps).toBe(3); // two "more" ran the next step at once; "idle" sleeps a minute
  });

  it("wake() runs the next step now instead of after the idle sleep", async () => {
    const { logger } = recordingLogger();
    let steps = 0;
    const loop = runLoop(
      "test",
      async () => {
        steps++;
        return "idle";
      },
      { idleMs: 60_000, logger },
    );
    try {
      await sleep(50);
      expect(steps).toBe(1);
      loop.wake();
      await sleep(50);
      expect(steps).toBe(2);
    } finally {
      await loop.stop();
    }
  });

  it("a wake-up during a step is not lost: the loop runs again without sleeping", async () => {
    const { logger } = recordingLogger();
    let steps = 0;
    const loop = runLoop(
      "test",
      async () => {
        steps++;
        await sleep(10);
        if (steps === 1) loop.wake(); // a notification arrives while the step runs
        return "idle";
      },
      { idleMs: 60_000, logger },
    );
    await sleep(100);
    await loop.stop();
    expect(steps).toBe(2);
  });

  it("stop() waits for the running step and runs no other", async () => {
    const { logger } = recordingLogger();
    let steps = 0;
    let finished = 0;
    const loop = runLoop(
      "test",
      async () => {
        steps++;
        await sleep(100);
        finished++;
        return "more";
      },
      { idleMs: 10, logger },
    );
    await sleep(20);
    await loop.stop();
    expect(finished).toBe(steps);
    expect(steps).toBe(1);
  });

  it("a failing step is retried after errorBackoffMs, reported once per outage, and its end logged", async () => {
    const { logger, lines } = recordingLogger();
    let steps = 0;
    const loop = runLoop(
      "test",
      async () => {
        steps++;
        if (steps <= 4) throw new Error("connection refused\n    at stack");
        return "idle";
      },
      { idleMs: 60_000, errorBackoffMs: 10, logger },
    );
    await sleep(300);
    await loop.stop();
    expect(steps).toBe(5);
    expect(lines).toEqual([
      {
        level: "warn",
        obj: { loop: "test", err: "connection refused", consecutive: 1 },
        msg: "test step failed; retrying",
      },
      { level: "info", obj: { loop: "test", failures: 4 }, msg: "test recovered" },
    ]);
  });

  it("stop() interrupts the idle sleep at once", async () => {
    const { logger } = recordingLogger();
    const loop = runLoop("test", async () => "idle", { idleMs: 60_000, logger });
    await sleep(20);
    const startedAt = Date.now();
    await loop.stop();
    expect(Date.now() - startedAt).toBeLessThan(loadScaledSlackMs(500)); // not the 60 s sleep
  });
});
