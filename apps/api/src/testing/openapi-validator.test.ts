// The validator every API test runs its responses through: it must catch what an outside client
// generated from the document would trip on.
import { openApiValidator } from "./openapi-validator";

const validator = openApiValidator();

const context = {
  context_id: "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
  agent_id: "planner-7",
  status: "pending",
  visibility: "private",
  context_hash: `0x${"ab".repeat(32)}`,
  signature: `0x${"cd".repeat(64)}1b`,
  signature_scheme: "EIP-712",
  signer_address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", // EIP-55: mixed case
  transaction_hash: null,
  network: "anvil",
  confirmations: 0,
  block_number: null,
  block_timestamp: null,
  gas_used: null,
  gas_price_wei: null,
  batch_size: null,
  confirmation_time_seconds: null,
  created_at: "2026-01-01T00:00:00.000Z",
  estimated_confirmation: "2026-01-01T00:00:04.000Z",
  context_data: {},
  metadata: {},
  data_erased_at: null,
  data_erasure_reason: null,
  data_erasure_overrode_retention: null,
  error: null,
  retry_possible: null,
  failure_reason: null,
  sequence: 1,
  prev_entry_hash: `0x${"00".repeat(32)}`,
  entry_hash: `0x${"ef".repeat(32)}`,
  log_index: null,
};

const counted = {
  "x-request-id": "req_1",
  "content-type": "application/json; charset=utf-8",
  "ratelimit-limit": "600",
  "ratelimit-remaining": "599",
  "ratelimit-reset": "60",
};
const error = (code: string) => ({ error: { code, message: "m", request_id: "req_1" } });
const url = (path: string) => `http://127.0.0.1:1234/v1${path}`;
const ID = "/contexts/ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F";

describe("OpenApiResponseValidator", () => {
  it("accepts a Context as the service returns it (EIP-55 signer address)", () => {
    expect(validator.problems("GET", url(ID), { status: 200, headers: counted, body: context })).toEqual([]);
  });

  it("refuses a body out of its schema", () => {
    const body = { ...context, signature: "0x12" };
    const problems = validator.problems("GET", url(ID), { status: 200, headers: counted, body });
    expect(problems?.join()).toMatch(/signature/);
  });

  it("refuses a status the operation does not declare", () => {
    const problems = validator.problems("GET", url(ID), {
      status: 418,
      headers: counted,
      body: error("CONFLICT"),
    });
    expect(problems?.join()).toMatch(/status 418 is not declared/);
  });

  it("declares 400 for a malformed path parameter and 429/503 everywhere", () => {
    for (const status of [400, 429, 503]) {
      const headers = status === 400 ? counted : { ...counted, "retry-after": "1" };
      const body = error(status === 400 ? "VALIDATION_ERROR" : "RATE_LIMIT_EXCEEDED");
      expect(validator.problems("GET", url("/contexts/%00"), { status, headers, body })).toEqual([]);
    }
  });

  it("declares 400, 413 and 415 on a POST that takes no body", () => {
    const path = "/webhooks/whk_01JAZ0YQ8T9X2V3W4B5C6D7E8F/rotate-secret";
    for (const [status, code] of [
      [400, "INVALID_JSON"],
      [413, "PAYLOAD_TOO_LARGE"],
      [415, "UNSUPPORTED_MEDIA_TYPE"],
    ] as const) {
      expect(validator.problems("POST", url(path), { status, headers: counted, body: error(code) })).toEqual(
        [],
      );
    }
  });

  it("requires X-Request-Id, the rate limit headers on success, and Retry-After on 429", () => {
    const { "x-request-id": _, ...noId } = counted;
    expect(validator.problems("GET", url(ID), { status: 200, headers: noId, body: context })?.join()).toMatch(
      /X-Request-Id is missing/,
    );
    const { "ratelimit-limit": __, ...noLimit } = counted;
    expect(
      validator.problems("GET", url(ID), { status: 200, headers: noLimit, body: context })?.join(),
    ).toMatch(/RateLimit-Limit is missing/);
    const tooMany = { status: 429, headers: counted, body: error("RATE_LIMIT_EXCEEDED") };
    expect(validator.problems("GET", url(ID), tooMany)?.join()).toMatch(/Retry-After is missing/);
  });

  it("refuses a header of the document where it is not declared, and a malformed one", () => {
    const headers = { ...counted, location: "/v1/contexts/x" };
    expect(validator.problems("GET", url(ID), { status: 200, headers, body: context })?.join()).toMatch(
      /location is sent but not declared/,
    );
    const bad = { ...counted, "ratelimit-remaining": "-1" };
    expect(validator.problems("GET", url(ID), { status: 200, headers: bad, body: context })?.join()).toMatch(
      /RateLimit-Remaining/,
    );
  });

  it("leaves requests outside the document alone", () => {
    expect(
      validator.problems("GET", "http://127.0.0.1:1/healthz", { status: 200, headers: {}, body: {} }),
    ).toBeNull();
    expect(validator.problems("PATCH", url(ID), { status: 404, headers: {}, body: {} })).toBeNull();
  });
});
