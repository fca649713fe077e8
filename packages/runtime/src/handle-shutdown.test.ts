// Real processes: a child that installs handleShutdown (testing/shutdown-child.ts), real signals.
import path from "node:path";
import { collect, spawnTs, waitForLine } from "./testing/spawn-ts";

const CHILD = path.join(__dirname, "testing", "shutdown-child.ts");

async function signalled(mode: string, signals: [NodeJS.Signals, ...NodeJS.Signals[]]) {
  const child = spawnTs(CHILD, [mode]);
  const exited = collect(child);
  await waitForLine(child, "ready");
  const [first, ...again] = signals;
  const stopping = waitForLine(child, "stop");
  child.kill(first);
  await stopping;
  for (const signal of again) child.kill(signal); // while stop is still running
  const result = await exited;
  const lines = result.stdout.split("\n").filter(Boolean);
  const logs = lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
  return { ...result, stops: lines.filter((l) => l === "stop").length, logs };
}

describe("handleShutdown (a spawned process, real signals)", () => {
  it("SIGTERM: runs stop once, even when signalled again, and exits 0", async () => {
    const r = await signalled("clean", ["SIGTERM", "SIGTERM", "SIGINT"]);
    expect(r.code).toBe(0);
    expect(r.stops).toBe(1);
    expect(r.logs.map((l) => l.msg)).toEqual(["shutting down", "stopped"]);
    expect(r.logs[0]).toMatchObject({
      signal: "SIGTERM",
      service: "shutdown-child",
      pid: expect.any(Number),
    });
  });

  it("SIGINT does the same", async () => {
    const r = await signalled("clean", ["SIGINT"]);
    expect(r.code).toBe(0);
    expect(r.stops).toBe(1);
  });

  it("a stop that fails: exit 1, the error logged", async () => {
    const r = await signalled("fail", ["SIGTERM"]);
    expect(r.code).toBe(1);
    expect(r.stops).toBe(1);
    expect(r.logs.at(-1)).toMatchObject({
      msg: "shutdown failed",
      err: { message: "could not close the pool" },
    });
  });

  it("a stop that never finishes: exit 1 once the timeout (300 ms) has passed, not 0", async () => {
    const r = await signalled("hang", ["SIGTERM"]);
    expect(r.code).toBe(1);
    expect(r.stops).toBe(1);
    expect(r.logs.at(-1)).toMatchObject({ msg: "shutdown timed out", timeoutMs: 300 });
  });
});
