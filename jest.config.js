// One jest for the whole workspace: @swc/jest strips types (type-checking is `npm run typecheck`),
// and @ctxlog/* resolve to their TypeScript sources so tests never need a build first.
// This is `npm test`, the first tier; jest.e2e.config.js is `npm run test:e2e`, the second
// (test/tiers.js says which files are which).
const { BUDGET_SECONDS, e2ePathPatterns } = require("./test/tiers");

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  // test/e2e: tests across packages (the SDK against the real API and chain), kept out of the SDK;
  // test/*.test.js: checks of the suite itself (suite-timings.json)
  roots: ["<rootDir>/packages", "<rootDir>/apps", "<rootDir>/test"],
  testMatch: [
    "**/src/**/*.test.ts",
    "**/src/**/*.test.tsx",
    "<rootDir>/test/e2e/**/*.test.ts",
    "<rootDir>/test/*.test.js",
  ],
  testPathIgnorePatterns: ["/node_modules/", ...e2ePathPatterns],
  transform: {
    "^.+\\.ts$": ["@swc/jest", { jsc: { target: "es2022" }, module: { type: "commonjs" } }],
    // apps/dashboard: React components; their tests pick the jsdom environment in a docblock
    "^.+\\.tsx$": [
      "@swc/jest",
      {
        jsc: {
          target: "es2022",
          parser: { syntax: "typescript", tsx: true },
          transform: { react: { runtime: "automatic" } },
        },
        module: { type: "commonjs" },
      },
    ],
  },
  moduleNameMapper: {
    "\\.css$": "<rootDir>/apps/dashboard/src/testing/style-stub.js",
    "^@ctxlog/([a-z-]+)$": "<rootDir>/packages/$1/src",
    "^@ctxlog/([a-z-]+)/([a-z-]+)$": "<rootDir>/packages/$1/src/$2",
  },
  modulePathIgnorePatterns: ["<rootDir>/.*/dist/", "<rootDir>/.*/dist-test/"],
  globalSetup: "<rootDir>/test/global-setup.js",
  reporters: [
    "default",
    "<rootDir>/test/summary-reporter.js",
    ["<rootDir>/test/budget-reporter.js", { tier: "npm test", budgetSeconds: BUDGET_SECONDS.unit }],
  ],
  // Three workers on the 2-core machine (jest's default is cores - 1, i.e. one: the suite ran in
  // band). Most files spend part of their time waiting on PostgreSQL, Redis, anvil or the processes
  // they start, so a third file fills the cores while two wait: on 2026-11-29, 291 s with three
  // against 361 s with two (the same tree, one after the other); `--maxWorkers=1` (or `-i`) still
  // runs it in band.
  maxWorkers: 3,
  // slowest files first (from test/suite-timings.json when jest's cache has no timings, as in CI)
  testSequencer: "<rootDir>/test/sequencer.js",
  testTimeout: 30000,
};
