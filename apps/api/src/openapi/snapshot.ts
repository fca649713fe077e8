import path from "node:path";
import { v1Routes } from "../routes";
import { buildOpenApiDocument } from "./document";

/**
 * apps/api/openapi.json: the live document, committed, so that clients built in this repository
 * (the dashboard's generated types) need no running API. `npm run openapi -w apps/api` rewrites
 * it; openapi-snapshot.test.ts fails while it differs from the live document.
 */
export const OPENAPI_SNAPSHOT_PATH = path.resolve(__dirname, "../../openapi.json");

export function openApiSnapshot(): string {
  return `${JSON.stringify(buildOpenApiDocument(v1Routes), null, 2)}\n`;
}
