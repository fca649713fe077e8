import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { OPENAPI_SNAPSHOT_PATH, openApiSnapshot } from "./snapshot";

describe("apps/api/openapi.json", () => {
  it("is the live OpenAPI document (the dashboard generates its types from it)", () => {
    const committed: unknown = JSON.parse(readFileSync(OPENAPI_SNAPSHOT_PATH, "utf8"));
    if (!isDeepStrictEqual(committed, JSON.parse(openApiSnapshot()))) {
      throw new Error(
        "apps/api/openapi.json differs from the live OpenAPI document: run `npm run openapi -w apps/api` and commit it",
      );
    }
  });
});
