#!/usr/bin/env node
// BENCH-ONLY. The real API (apps/api/dist/main.js, its env, its cluster, every route) with one
// part swapped: @ctxlog/db's insertContexts, the one writer of new contexts, becomes
// bench/unchained-insert.js's write without agent logs. So a bench runs "the same API without
// logs" with nothing else different (bench/api.js's and bench/chain.js's b0). The swap replaces
// the export of the built module (CommonJS: @ctxlog/db's index reads it through a getter at each
// call) and is checked here; the benches check the rows too (sequence null on every one).
// It lives in bench/ and nothing in apps/ or packages/ requires it: no setting of the service
// turns it on.
const path = require("node:path");

const root = path.resolve(__dirname, "..");
// the very module objects the API's build loads (resolved from it, not from bench/)
const fromApi = (request) => require.resolve(request, { paths: [path.join(root, "apps/api/dist")] });
const dbIndex = fromApi("@ctxlog/db");
const insertModule = require(path.join(path.dirname(dbIndex), "contexts/insert-context.js"));
const { insertUnchainedContexts } = require("./unchained-insert");

insertModule.insertContexts = insertUnchainedContexts;
if (require(dbIndex).insertContexts !== insertUnchainedContexts) {
  throw new Error("bench/unchained-api.js: @ctxlog/db's insertContexts could not be swapped");
}

const contexts = path.join(root, "apps/api/dist/routes/contexts");
const json = require(path.join(contexts, "context-json.js"));
const { contextResource } = require(path.join(contexts, "context-resource.js"));
const { contextSchema } = require(path.join(contexts, "schemas.js"));
const { compileSerializer } = require(path.join(root, "apps/api/dist/http/compiled-schemas.js"));
const writeContext = compileSerializer(contextSchema);
json.createdContextJson = (row) => writeContext(contextResource(row));
json.createdContextsJson = (rows) =>
  `{"data":[${rows.map((row) => writeContext(contextResource(row))).join(",")}]}`;
require(path.join(root, "apps/api/dist/main.js"));
