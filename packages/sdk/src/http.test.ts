// Retry behaviour, pinned against a real local HTTP server that answers from a script.
import { CtxlogClient } from "./client";
import { type CtxlogApiError, CtxlogConnectionError, isApiError } from "./errors";
import { parseRetryAfter } from "./http";
import { apiError, type ScriptedServer, startScriptedServer } from "./testing/scripted-server";

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());

const client = (opts: Partial<ConstructorParameters<typeof CtxlogClient>[0]> = {}) =>
  new CtxlogClient({ baseUrl: server.baseUrl, apiKey: "sk_test", baseDelayMs: 40, ...opts });
const gaps = () => server.requests.slice(1).map((r, i) => r.at - (server.requests[i]?.at ?? 0));
const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("retries", () => {
  it("honours Retry-After on 503: waits at least that long, then succeeds", async () => {
    server.reply(apiError(503, "SERVICE_UNAVAILABLE", { "Retry-After": "1" }), {
      status: 200,
      body: { status: "authenticated" },
    });
    const status = await client().status();
    expect(status.status).toBe("authenticated");
    expect(server.requests).toHaveLength(2);
    expect(gaps()[0]).toBeGreaterThanOrEqual(1000);
  });

  it("retries 429 then 503 then succeeds (Retry-After: 0 means at once)", async () => {
    server.reply(
      apiError(429, "RATE_LIMIT_EXCEEDED", { "Retry-After": "0" }),
      apiError(503, "SERVICE_UNAVAILABLE", { "Retry-After": "0" }),
      { status: 200, body: { data: [], next_cursor: null } },
    );
    await expect(client().contexts.list()).resolves.toEqual({ data: [], next_cursor: null });
    expect(server.requests).toHaveLength(3);
  });

  it("without Retry-After, backs off exponentially (base 40 ms: ≥ 20, ≥ 40, ≥ 80 ms)", async () => {
    server.reply(...Array(3).fill(apiError(503, "SERVICE_UNAVAILABLE")), { status: 200, body: {} });
    await client().status();
    expect(server.requests).toHaveLength(4);
    const [a, b, c] = gaps() as [number, number, number];
    expect(a).toBeGreaterThanOrEqual(20);
    expect(b).toBeGreaterThanOrEqual(40);
    expect(c).toBeGreaterThanOrEqual(80);
  });

  it("gives up after maxRetries and throws the last error, typed", async () => {
    server.reply(...Array(5).fill(apiError(503, "SERVICE_UNAVAILABLE", { "Retry-After": "0" })));
    const error = await caught(client({ maxRetries: 2 }).status());
    expect(isApiError(error, "SERVICE_UNAVAILABLE")).toBe(true);
    expect((error as CtxlogApiError).status).toBe(503);
    expect((error as CtxlogApiError).requestId).toBe("req_503");
    expect(server.requests).toHaveLength(3);
  });

  it("does not retry when Retry-After is longer than maxDelayMs, and exposes it", async () => {
    server.reply(apiError(429, "RATE_LIMIT_EXCEEDED", { "Retry-After": "120" }));
    const error = await caught(client({ maxDelayMs: 5_000 }).status());
    expect(isApiError(error, "RATE_LIMIT_EXCEEDED")).toBe(true);
    expect((error as CtxlogApiError).retryAfterMs).toBe(120_000);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [401, "INVALID_API_KEY"],
    [403, "INSUFFICIENT_PERMISSIONS"],
    [404, "NOT_FOUND"],
    [409, "CONFLICT"],
    [400, "VALIDATION_ERROR"],
    [500, "INTERNAL_ERROR"],
  ] as const)("never retries %i %s", async (status, code) => {
    server.reply(apiError(status, code), { status: 200, body: {} });
    const error = await caught(client().status());
    expect(isApiError(error, code)).toBe(true);
    expect((error as CtxlogApiError).status).toBe(status);
    expect(server.requests).toHaveLength(1);
  });

  it("an error without our envelope (a proxy's HTML 502) is UNKNOWN_ERROR and not retried", async () => {
    server.reply({ status: 502, headers: { "content-type": "text/html" }, body: "<h1>Bad gateway</h1>" });
    const error = await caught(client().status());
    expect(isApiError(error, "UNKNOWN_ERROR")).toBe(true);
    expect((error as CtxlogApiError).status).toBe(502);
    expect(server.requests).toHaveLength(1);
  });
});

describe("connection failures", () => {
  it("a GET whose connection is reset is retried", async () => {
    server.reply("reset", { status: 200, body: { status: "authenticated" } });
    await expect(client().status()).resolves.toEqual({ status: "authenticated" });
    expect(server.requests).toHaveLength(2);
  });

  it("a POST without Idempotency-Key is not re-sent after a reset (it may have been processed)", async () => {
    server.reply("reset", { status: 202, body: {} });
    const error = await caught(client().contexts.create({ agent_id: "a", context_data: {} }));
    expect(error).toBeInstanceOf(CtxlogConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  it("a POST with Idempotency-Key is re-sent, with the same key and body", async () => {
    server.reply("reset", { status: 202, body: { context_id: "ctx_1" } });
    const ctx = await client().contexts.create(
      { agent_id: "a", context_data: { k: 1 } },
      { idempotencyKey: "run-1" },
    );
    expect(ctx.context_id).toBe("ctx_1");
    expect(server.requests).toHaveLength(2);
    for (const r of server.requests) {
      expect(r.headers["idempotency-key"]).toBe("run-1");
      expect(JSON.parse(r.body)).toEqual({ agent_id: "a", context_data: { k: 1 } });
    }
  });

  it("times out an attempt that hangs", async () => {
    server.reply("hang", "hang");
    const error = await caught(client({ timeoutMs: 150, maxRetries: 1 }).status());
    expect(error).toBeInstanceOf(CtxlogConnectionError);
    expect(server.requests).toHaveLength(2);
  });

  it("a caller's abort is neither retried nor wrapped", async () => {
    server.reply("hang", "hang");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await caught(client().status({ signal: controller.signal }));
    expect((error as Error).name).toBe("AbortError");
    expect(server.requests).toHaveLength(1);
  });

  it("nothing listening is a CtxlogConnectionError", async () => {
    const dead = new CtxlogClient({
      baseUrl: "http://127.0.0.1:1/v1",
      apiKey: "sk_x",
      maxRetries: 1,
      baseDelayMs: 1,
    });
    await expect(dead.status()).rejects.toBeInstanceOf(CtxlogConnectionError);
  });
});

describe("parseRetryAfter", () => {
  it("reads delay-seconds and HTTP dates", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Tue, 31 Dec 2024 23:59:00 GMT", now)).toBe(0);
  });
});

describe("construction", () => {
  it("requires a key and a base URL", () => {
    expect(() => new CtxlogClient({ baseUrl: server.baseUrl, apiKey: "" })).toThrow(/apiKey/);
    expect(() => new CtxlogClient({ baseUrl: "", apiKey: "sk_x" })).toThrow(/baseUrl/);
  });
});
