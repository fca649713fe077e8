// Generates src/api/generated/schema.d.ts from the API's OpenAPI document with openapi-typescript.
// Source: OPENAPI_FILE, else apps/api/openapi.json (the API's committed snapshot).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const candidates = [process.env.OPENAPI_FILE, resolve(root, "../api/openapi.json")].filter(Boolean);
const input = candidates.find((file) => existsSync(file));
if (!input) {
  console.error(`No OpenAPI document found (looked at ${candidates.join(", ")}).`);
  process.exit(1);
}
const output = resolve(root, "src/api/generated/schema.d.ts");
const bin = resolve(root, "../../node_modules/.bin/openapi-typescript");
execFileSync(bin, [input, "-o", output], { stdio: "inherit" });
