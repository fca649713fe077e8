// A real process logging through the default stdout destination (buffered, as every app's is).
import path from "node:path";
import { waitFor } from "@ctxlog/core/testing";
import { spawnTs } from "./testing/spawn-ts";

const CHILD = path.join(__dirname, "testing", "quiet-logger-child.ts");

describe("createLogger's buffered stdout", () => {
  it("writes a lone short line while the process stays up, without waiting for the buffer to fill", async () => {
    const child = spawnTs(CHILD, ["reconciler step failed; retrying"]);
    let stdout = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    try {
      const line = await waitFor(() => stdout.split("\n").find((l) => l.includes("step failed")), {
        timeout: 30_000,
        what: "the child's log line on its stdout",
      });
      expect(JSON.parse(line)).toMatchObject({ service: "quiet-logger-child", loop: "reconciler" });
      expect(child.exitCode).toBeNull(); // written while running, not by an exit's flush
    } finally {
      child.kill("SIGKILL");
    }
  });
});
