import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  RATE_LIMIT_MAX,
  RATE_LIMIT_MIN,
  rateLimitProblem,
  SECRET_PATTERN,
  secretProblem,
} from "./webhook-limits";

// The API's own document: the form's limits are its limits.
const openapi = JSON.parse(readFileSync(resolve(__dirname, "../../../../api/openapi.json"), "utf8"));
const create = openapi.components.schemas.CreateWebhookRequest.properties;

describe("the webhook form's limits", () => {
  it("are the API's (POST /v1/webhooks)", () => {
    const rate = create.rate_limit.anyOf.find((s: { type: string }) => s.type === "integer");
    expect([rate.minimum, rate.maximum]).toEqual([RATE_LIMIT_MIN, RATE_LIMIT_MAX]);
    expect(create.secret.pattern).toBe(SECRET_PATTERN);
  });

  it("say what is wrong with a rate limit", () => {
    expect(rateLimitProblem("")).toBeNull();
    expect(rateLimitProblem("1")).toBeNull();
    expect(rateLimitProblem("10000")).toBeNull();
    for (const bad of ["0", "10001", "2.5", "ten", "-3"])
      expect(rateLimitProblem(bad)).toMatch(/1 to 10,000/);
  });

  it("say what is wrong with a secret", () => {
    expect(secretProblem("")).toBeNull();
    expect(secretProblem(`whsec_${Buffer.alloc(32, 7).toString("base64")}`)).toBeNull();
    expect(secretProblem("x".repeat(32))).toBeNull();
    expect(secretProblem(`whsec_${Buffer.alloc(8).toString("base64")}`)).toMatch(
      /canonical base64 of 24–64 bytes/,
    );
    expect(secretProblem("short")).toMatch(/32–256 printable ASCII/);
    expect(secretProblem(`${"x".repeat(31)} y`)).toMatch(/without spaces/);
  });
});
