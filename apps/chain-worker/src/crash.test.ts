import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { type ChainHarness, createChainHarness, sleep } from "./testing/harness";

// The real process, killed with SIGKILL: no shutdown hook runs, exactly like a crash or an OOM kill.
const MAIN = path.resolve(__dirname, "../dist/main.js");

describe("chain worker processes on anvil, PostgreSQL and Redis: SIGKILL at any moment", () => {
  let h: ChainHarness;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` before the tests`);
    h = await createChainHarness({
      env: { BATCH_MAX: "40", BATCH_WINDOW_MS: "100", LEASE_TTL_MS: "1500", REPLACE_AFTER_MS: "3000" },
    });
  });
  afterAll(async () => {
    child?.kill("SIGKILL");
    await h.close();
  });

  const start = () => {
    const proc = spawn(process.execPath, [MAIN], {
      env: { ...process.env, ...h.rawEnv },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    proc.stderr?.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4_000);
    });
    proc.on("exit", (code, signal) => {
      if (signal !== "SIGKILL" && code !== 0) console.error(`chain worker exited ${code}: ${stderr}`);
    });
    return proc;
  };

  it("killed mid-batch again and again, restarted: every context anchored exactly once, none lost", async () => {
    const ids: string[] = [];
    child = start();
    // kill at staggered moments: while batching, signing, broadcasting and confirming
    for (const lifeMs of [700, 450, 900, 300, 1_200]) {
      ids.push(...(await h.submit(60)));
      await sleep(lifeMs); // deliberate: the kill must land at an arbitrary moment, not at a known state
      child.kill("SIGKILL");
      await new Promise((r) => child?.once("exit", r));
      child = start();
    }
    ids.push(...(await h.submit(60)));
    await h.waitForStatus(ids, "confirmed", 60_000);
    await h.expectAnchoredExactlyOnce(ids);
    const txs = await h.db.anchorTransaction.findMany({ where: { status: "mined" } });
    expect(new Set(txs.map((t) => t.nonce)).size).toBe(txs.length);
  }, 90_000);
});
