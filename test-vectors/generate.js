#!/usr/bin/env node
// Regenerates the JSON vectors in this directory from the TypeScript implementation (the server's
// @ctxlog/core and the SDK): `node test-vectors/generate.js`. The sources are compiled in memory
// (load-sources.js), so no build is needed.
const { loadTypeScriptSources, formatJson } = require("./load-sources");

loadTypeScriptSources();
require("./generate-vectors.ts")
  .writeVectors(__dirname)
  .then(formatJson)
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
