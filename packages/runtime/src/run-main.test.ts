// A real process: testing/shutdown-child.ts in its "fail-start" mode.
import path from "node:path";
import { collect, spawnTs } from "./testing/spawn-ts";

const CHILD = path.join(__dirname, "testing", "shutdown-child.ts");

describe("runMain (a spawned process)", () => {
  it("a main that fails: its message on stderr (no stack), exit 1", async () => {
    const r = await collect(spawnTs(CHILD, ["fail-start"]));
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe("DATABASE_URL is not a postgres:// URL");
  });

  it("a main that succeeds leaves the process running (here: until SIGTERM)", async () => {
    const child = spawnTs(CHILD, ["clean"]);
    const exited = collect(child);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(child.exitCode).toBeNull();
    child.kill("SIGTERM");
    expect((await exited).code).toBe(0);
  });
});
