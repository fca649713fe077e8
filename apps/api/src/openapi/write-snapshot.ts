// `npm run openapi -w apps/api`: writes the live OpenAPI document to apps/api/openapi.json.
import { writeFileSync } from "node:fs";
import { OPENAPI_SNAPSHOT_PATH, openApiSnapshot } from "./snapshot";

writeFileSync(OPENAPI_SNAPSHOT_PATH, openApiSnapshot());
console.log(`wrote ${OPENAPI_SNAPSHOT_PATH}`);
