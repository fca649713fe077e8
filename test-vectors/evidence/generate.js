#!/usr/bin/env node
// Regenerates the evidence pack vectors in this directory: `node test-vectors/evidence/generate.js`.
// Starts anvil (from @foundry-rs/anvil), so the chain data is real; it differs on each run (block
// times), so regenerate only when the format changes. Sources are compiled in memory
// (../load-sources.js).
const path = require("node:path");
const { root, loadTypeScriptSources, formatJson } = require("../load-sources");

loadTypeScriptSources();
require("./generate-evidence.ts")
  .writeEvidenceVectors(__dirname)
  .then((files) => {
    // the zips hold their own bytes: only the JSON is formatted
    formatJson(files.map((f) => path.join(__dirname, f)));
    console.log(`wrote ${files.length} files to ${path.relative(root, __dirname)}`);
  })
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
