#!/usr/bin/env node
// Regenerates the transparency log vectors in this directory: `node test-vectors/tlog/generate.js`.
// They are computed by @ctxlog/core's tlog formats and checked by implementations we did not
// write: Go's sumdb/tlog and sumdb/note (test/e2e/tlog/go) and sigstore-js (packages/sdk). Every
// input is fixed (leaves, seeds, timestamps; Ed25519 is deterministic), so a run rewrites the same
// bytes. Sources are compiled in memory (../load-sources.js).
const { loadTypeScriptSources, formatJson } = require("../load-sources");

loadTypeScriptSources();
formatJson(require("./generate-tlog.ts").writeTlogVectors(__dirname));
