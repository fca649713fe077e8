// Fails a tier's run that took longer than its budget (test/tiers.js BUDGET_SECONDS, or
// TEST_BUDGET_SECONDS; 0: none), printing its slowest files. Only a run of the whole tier is held
// to it: `npx jest some/path`, `-t name`, `-o` or `--findRelatedTests` never are.
const path = require("node:path");

const root = path.resolve(__dirname, "..");

/** Whether the run is the whole tier: no path, name or change filter. */
function wholeTier(config) {
  const paths = config.testPathPatterns;
  const pathPatterns = Array.isArray(paths) ? paths : (paths?.patterns ?? []);
  return (
    (config.nonFlagArgs ?? []).length === 0 &&
    pathPatterns.length === 0 &&
    !config.testNamePattern &&
    !config.onlyChanged &&
    !config.findRelatedTests
  );
}

class BudgetReporter {
  constructor(globalConfig, options = {}) {
    this.whole = wholeTier(globalConfig);
    const fromEnv = process.env.TEST_BUDGET_SECONDS;
    this.budgetSeconds = fromEnv !== undefined && fromEnv !== "" ? Number(fromEnv) : options.budgetSeconds;
    this.tier = options.tier ?? "jest";
    this.error = undefined;
  }

  onRunComplete(_contexts, results) {
    const seconds = (Date.now() - results.startTime) / 1000;
    const files = results.testResults.length;
    const held = this.whole && this.budgetSeconds > 0;
    const over = held && seconds > this.budgetSeconds;
    process.stdout.write(
      `${this.tier}: ${files} files in ${Math.round(seconds)} s` +
        (held ? ` (budget ${this.budgetSeconds} s)` : "") +
        "\n",
    );
    if (!over) return;
    const slowest = results.testResults
      .map((r) => ({
        file: path.relative(root, r.testFilePath).split(path.sep).join("/"),
        seconds: (r.perfStats.end - r.perfStats.start) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 15);
    process.stdout.write(`\n${this.tier}: over its budget of ${this.budgetSeconds} s; the slowest files:\n`);
    for (const s of slowest) process.stdout.write(`${s.seconds.toFixed(1).padStart(8)} s  ${s.file}\n`);
    this.error = new Error(
      `${this.tier} took ${Math.round(seconds)} s, over its budget of ${this.budgetSeconds} s (docs/testing.md)`,
    );
  }

  getLastError() {
    return this.error;
  }
}

module.exports = BudgetReporter;
