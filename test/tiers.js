// The two tiers of tests (docs/testing.md, "Two tiers"), in one place for both jest configs and
// scripts/test-timings.js.
//
// `npm test` (jest.config.js): every unit and integration test — what needs Node, PostgreSQL, Redis
// and anvil only, and runs the code in process (or from source).
// `npm run test:e2e` (jest.e2e.config.js): the test/e2e files that need more — a browser, Python, a
// Redis Cluster, promtool — or start the built apps as processes (after `npm run build`), or run
// the benches, or take more than about a minute alone. A new test/e2e file is in `npm test` unless
// it is listed here.
const E2E_PATHS = [
  "test/e2e/dashboard/", // Chromium against the built apps
  "test/e2e/python/", // the Python client's wheel in a venv, pytest
  "test/e2e/redis-cluster/", // a three-master Redis Cluster and the apps on it
  "test/e2e/benches/", // every npm run bench:* at a tiny size
  "test/e2e/dev-stack/", // npm start / npm run reset: the built apps as processes
  "test/e2e/install/", // npm installs from the registry per platform, the packed SDK and wheel
  "test/e2e/integrations/", // agent frameworks (OpenAI Agents SDK, LangChain, MCP, Vercel AI) → API → anvil → audit
  "test/e2e/sdk/context-logger-exit.test.ts", // the built SDK in a child process
  "test/e2e/ops/alert-rules.test.ts", // promtool (Debian's prometheus package)
  "test/e2e/ops/backup-restore.test.ts", // pg_dump mid-flight, the stack stopped and restarted: > 1 min
  "test/e2e/sdk/cli.test.ts", // the ctxlog bin as child processes against anvil: > 1 min
  "test/e2e/webhooks/recover.test.ts", // a receiver down, back, and recovering what it missed: > 1 min
];

// Budgets: when a tier's jest run takes longer, it fails and prints its slowest files
// (test/budget-reporter.js). TEST_BUDGET_SECONDS overrides both (0: no budget). They are ceilings
// for CI (90 minutes for everything), not the targets: issue 38 asks ≤ 8 min for `npm test`, which
// it does not meet yet (docs/testing.md has the measured time and where it goes).
const BUDGET_SECONDS = { unit: 30 * 60, e2e: 30 * 60 };

const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** For testPathIgnorePatterns / testMatch-like regexes, anchored at the repository's root. */
const e2ePathPatterns = E2E_PATHS.map((p) => `<rootDir>/${escapeRegex(p)}`);

/** Whether a repository-relative path (with /) belongs to the e2e tier. */
const isE2e = (relativePath) => E2E_PATHS.some((p) => relativePath.startsWith(p));

module.exports = { E2E_PATHS, BUDGET_SECONDS, e2ePathPatterns, isE2e };
