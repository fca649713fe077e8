#!/usr/bin/env node
// Writes test/suite-timings.json (read by test/sequencer.js to run the slowest files first) from a
// whole-suite run's results: `npx jest --json --outputFile=/tmp/suite.json`, then
// `node scripts/test-timings.js /tmp/suite.json`. Also prints the slowest files.
const fs = require("node:fs");
const path = require("node:path");

const input = process.argv[2];
if (!input) {
  console.error("usage: node scripts/test-timings.js <jest --json output>");
  process.exit(2);
}
const root = path.resolve(__dirname, "..");
const results = JSON.parse(fs.readFileSync(input, "utf8"));

const rows = results.testResults
  .map((r) => ({
    file: path.relative(root, r.name).split(path.sep).join("/"),
    // --json writes each file's startTime and endTime (ms since the epoch)
    seconds: Math.round((r.endTime - r.startTime) / 100) / 10,
  }))
  .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));

const files = {};
for (const row of rows) files[row.file] = row.seconds;
const out = path.join(root, "test/suite-timings.json");
const measured = new Date(results.startTime).toISOString().slice(0, 16).replace("T", " ");
fs.writeFileSync(out, `${JSON.stringify({ measured: `${measured} UTC`, files }, null, 2)}\n`);

const total = rows.reduce((sum, row) => sum + row.seconds, 0);
console.log(`${rows.length} files, ${Math.round(total)} s in all; wrote ${path.relative(root, out)}`);
for (const row of rows.slice(0, 20)) console.log(`${String(row.seconds).padStart(7)} s  ${row.file}`);
