#!/usr/bin/env node
// Writes test/suite-timings.json, the seconds each test file took, which test/sequencer.js reads to
// run the slowest files first when jest's cache has no timings (as in CI).
//
//   npm run test:timings                    runs both tiers (npm test, then npm run test:e2e's jest)
//                                           with --json and rewrites the file from their reports
//   node scripts/test-timings.js a.json…    merges jest --json reports into the file (a new file's
//                                           time: `npx jest path/to/new.test.ts --json --outputFile=a.json`)
//
// Either way, files listed but gone from the repository are dropped, and the slowest are printed.
// test/suite-timings.test.js fails when a test file is missing from it.
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const out = path.join(root, "test/suite-timings.json");
const jest = path.join(root, "node_modules/.bin/jest");
const relative = (file) => path.relative(root, file).split(path.sep).join("/");

/** Runs one tier with --json into a temporary file; returns the report (even of a failed run). */
function runTier(name, args) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ctxlog-timings-")), `${name}.json`);
  const load = os.loadavg()[0];
  console.log(`== ${name}: jest ${args.join(" ")} (load average ${load.toFixed(1)})`);
  const run = spawnSync(jest, [...args, "--json", `--outputFile=${file}`], { cwd: root, stdio: "inherit" });
  if (!fs.existsSync(file)) throw new Error(`${name}: jest wrote no report (exit ${run.status})`);
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  if (run.status !== 0)
    console.log(`${name}: jest exited ${run.status}; its timings are written all the same`);
  return report;
}

function secondsOf(report) {
  const files = {};
  for (const r of report.testResults)
    files[relative(r.name)] = Math.round((r.endTime - r.startTime) / 100) / 10;
  return files;
}

const reports = process.argv.slice(2);
const previous = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, "utf8")) : { files: {} };
let files;
let startTime;
if (reports.length === 0) {
  const loadBefore = os.loadavg()[0];
  const unit = runTier("npm test", []);
  const e2e = runTier("npm run test:e2e", ["-c", "jest.e2e.config.js"]);
  files = { ...secondsOf(unit), ...secondsOf(e2e) };
  startTime = unit.startTime;
  previous.load = `${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;
} else {
  files = { ...previous.files };
  for (const input of reports) {
    const report = JSON.parse(fs.readFileSync(input, "utf8"));
    Object.assign(files, secondsOf(report));
    startTime = report.startTime;
  }
}
for (const file of Object.keys(files)) if (!fs.existsSync(path.join(root, file))) delete files[file];

const rows = Object.entries(files).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
const measured = `${new Date(startTime).toISOString().slice(0, 16).replace("T", " ")} UTC`;
const json = {
  measured: reports.length === 0 ? measured : previous.measured,
  ...(reports.length === 0 ? {} : { updated: measured }),
  load: previous.load,
  files: Object.fromEntries(rows),
};
if (json.load === undefined) delete json.load;
fs.writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);

const { isE2e } = require("../test/tiers");
const total = (pick) => Math.round(rows.filter(([f]) => pick(f)).reduce((sum, [, s]) => sum + s, 0));
console.log(
  `${rows.length} files; npm test ${total((f) => !isE2e(f))} s, npm run test:e2e ${total(isE2e)} s ` +
    `(the sum of the files' times; jest runs two at a time); wrote ${relative(out)}`,
);
for (const [file, seconds] of rows.slice(0, 20)) console.log(`${String(seconds).padStart(7)} s  ${file}`);
