// Dev-time only: writes the OpenAPI document of the API as built in apps/api/dist to tmp/openapi.json,
// for `npm run api-types` while apps/api/openapi.json (the API's committed snapshot) does not exist yet.
// Build the API first (`npx turbo run build --filter=@ctxlog/api`). The app never imports the API.
const fs = require("node:fs");
const path = require("node:path");

const apiDist = path.resolve(__dirname, "../../api/dist");
const { buildOpenApiDocument } = require(path.join(apiDist, "openapi/document"));
const { v1Routes } = require(path.join(apiDist, "routes"));

const out = path.resolve(__dirname, "../tmp/openapi.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(buildOpenApiDocument(v1Routes), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
process.exit(0);
