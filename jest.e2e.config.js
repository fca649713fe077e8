// `npm run test:e2e`, the second tier (docs/testing.md): the test/e2e files test/tiers.js lists —
// Chromium, the Python client, the Redis Cluster stack, the bench smoke runs, the built dev stack,
// promtool, and the test/e2e files of over a minute. Everything else is jest.config.js's, `npm test`.
const base = require("./jest.config");
const { BUDGET_SECONDS, E2E_PATHS } = require("./test/tiers");

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  roots: ["<rootDir>/test/e2e"],
  testMatch: E2E_PATHS.map((p) => (p.endsWith("/") ? `<rootDir>/${p}**/*.test.ts` : `<rootDir>/${p}`)),
  testPathIgnorePatterns: ["/node_modules/"],
  reporters: [
    "default",
    "<rootDir>/test/summary-reporter.js",
    ["<rootDir>/test/budget-reporter.js", { tier: "npm run test:e2e", budgetSeconds: BUDGET_SECONDS.e2e }],
  ],
};
