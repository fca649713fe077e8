// docs/operations.md promises that every command it gives is one of the project's own `npm run`
// scripts, run by a test or by .ci/run. This keeps the promise: a command the guide names must be
// a script of package.json and must be listed here with the test that runs it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { GUIDE } from "./ops-files";

const root = path.resolve(__dirname, "../../..");

/** script → the test that runs it, and a string that test must contain (what it runs). */
const EXERCISED_BY: Record<string, { test: string; runs: string }> = {
  "bench:api": { test: "test/e2e/benches/api-benches.test.ts", runs: '"api.js"' },
  "bench:ingest": { test: "test/e2e/benches/api-benches.test.ts", runs: '"ingest.js"' },
  "bench:chain": { test: "test/e2e/benches/chain-benches.test.ts", runs: '"chain.js"' },
  "bench:webhooks": { test: "test/e2e/benches/storage-benches.test.ts", runs: '"webhooks.js"' },
  "bench:audit": { test: "test/e2e/benches/chain-benches.test.ts", runs: '"audit.js"' },
  "bench:storage": { test: "test/e2e/benches/storage-benches.test.ts", runs: '"storage.js"' },
  "bench:retention": { test: "test/e2e/benches/storage-benches.test.ts", runs: '"retention.js"' },
  "bench:partitions-upgrade": {
    test: "test/e2e/benches/storage-benches.test.ts",
    runs: '"partitions-upgrade.js"',
  },
  "bench:cluster": { test: "test/e2e/benches/chain-benches.test.ts", runs: '"cluster.js"' },
  "db:migrate": { test: "packages/db/src/scripts.test.ts", runs: "db-migrate" },
  "deploy:registry": { test: "packages/contracts/src/deploy-script.test.ts", runs: "deploy-registry" },
  ctxlog: { test: "apps/cli/src/commands/keys.test.ts", runs: "revoke" },
  reset: { test: "test/e2e/dev-stack/reset.test.ts", runs: "scripts/reset.js" },
  "test:e2e": { test: ".ci/run", runs: "npm run test:e2e" },
};

const guideCommands = () => [
  ...new Set(
    [...readFileSync(GUIDE, "utf8").matchAll(/npm run ([a-z][a-z0-9:-]*)/g)].map((m) => m[1] as string),
  ),
];

describe("the operator's guide names only commands that are run by a test", () => {
  const scripts = (
    JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts;

  it("names some commands (the check has something to check)", () => {
    expect(guideCommands().length).toBeGreaterThan(3);
  });

  it.each(guideCommands())("npm run %s is a script and a test runs it", (command) => {
    expect(Object.keys(scripts)).toContain(command);
    const exercised = EXERCISED_BY[command];
    if (!exercised)
      throw new Error(
        `docs/operations.md names "npm run ${command}": add the test that runs it to EXERCISED_BY`,
      );
    const testFile = path.join(root, exercised.test);
    expect(existsSync(testFile)).toBe(true);
    expect(readFileSync(testFile, "utf8")).toContain(exercised.runs);
  });
});

describe("every bench is run by a test (test/e2e/benches, at a tiny size)", () => {
  const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const benchDir = path.join(root, "test/e2e/benches");
  const smokeTests = readdirSync(benchDir)
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => readFileSync(path.join(benchDir, f), "utf8"))
    .join("\n");
  const benches = Object.entries(scripts).filter(([name]) => name.startsWith("bench:"));

  it("finds the benches (the check has something to check)", () => {
    expect(benches.length).toBeGreaterThan(10);
  });

  it.each(benches)("npm run %s", (_name, command) => {
    const script = /node bench\/([a-z-]+\.js)/.exec(command)?.[1];
    expect(script).toBeDefined();
    expect(smokeTests).toContain(`runBench("${script}"`);
  });
});
