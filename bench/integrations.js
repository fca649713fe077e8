#!/usr/bin/env node
// bench:integrations — what each agent-framework integration (issue 41) adds to one step of an
// agent: bench/integrations/<name>.js times the same step of the real library (a fake-model call or
// a tool call, no network) with and without the integration, alternating, in one run, and returns
// the medians. ctxlog is whatever the module points the integration at (a loopback server that
// answers like the API): the figure is the integration's own cost on the agent's path, which is all
// the agent waits for (contexts are sent in the background by the SDK's ContextLogger).
// Knobs: BENCH_INTEGRATION_STEPS (2000 per side), BENCH_INTEGRATIONS (comma-separated names, default
// every module in bench/integrations). Target: ≤ 1 ms added to the median step, each integration.
const fs = require("node:fs");
const path = require("node:path");
const lib = require("./lib");

const STEPS = Number(process.env.BENCH_INTEGRATION_STEPS ?? 2000);
const TARGET_MS = 1;
const dir = path.join(__dirname, "integrations");

async function main() {
  const available = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .map((f) => f.slice(0, -3))
    .sort();
  const asked = process.env.BENCH_INTEGRATIONS?.split(",").filter(Boolean) ?? available;
  const unknown = asked.filter((name) => !available.includes(name));
  if (unknown.length > 0) throw new Error(`no bench/integrations/${unknown.join(".js, ")}.js`);
  if (asked.length === 0) throw new Error("bench/integrations holds no bench");
  console.log(`bench:integrations — ${STEPS} steps with and ${STEPS} without, alternating, per integration`);
  console.log(lib.settingsNote({}));
  console.log("| integration | step median without (ms) | with (ms) | added (ms) | target ≤ 1 ms |");
  console.log("|---|---|---|---|---|");
  let failed = 0;
  for (const name of asked) {
    const bench = require(path.join(dir, `${name}.js`));
    const r = await bench.run({ steps: STEPS });
    // the step itself, then any other way of running it the module measured (e.g. the MCP
    // proxy's HTTP mode): a field holding its own two medians
    const rows = [[r.name ?? name, r]];
    for (const [key, value] of Object.entries(r)) {
      if (value && typeof value === "object" && "median_ms_with" in value)
        rows.push([`${name}, ${key}`, value]);
    }
    for (const [label, m] of rows) {
      const added = m.median_ms_with - m.median_ms_without;
      const met = added <= TARGET_MS;
      if (!met) failed++;
      console.log(
        `| ${label} | ${m.median_ms_without.toFixed(3)} | ${m.median_ms_with.toFixed(3)} | ` +
          `${added.toFixed(3)} | ${met ? "met" : "NOT met"} |`,
      );
    }
  }
  console.log(
    failed === 0 ? "every integration meets its target" : `${failed} integration(s) over the target`,
  );
}

lib.runBench(main);
