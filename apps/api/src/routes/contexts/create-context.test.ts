// Integration: real PostgreSQL (fresh database) and real Redis (own prefix).

import { hashContext, recoverReceiptSigner } from "@ctxlog/core";
import { readContext } from "@ctxlog/db/testing";
import { JOBS } from "@ctxlog/jobs";
import { Queue } from "bullmq";
import { bearer, createTestHarness, REDIS_URL, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let t: Tenant;

beforeAll(async () => {
  h = await createTestHarness();
  t = await h.tenant();
});
afterAll(() => h.close());

/** The address whose EIP-712 Receipt signature a created context's `signature` is (one per context). */
const receiptSigner = (c: {
  context_hash: string;
  agent_id: string;
  sequence: number;
  prev_entry_hash: string;
  created_at: string;
  signature: string;
  receipt: { user_id: string; signature: string };
}) => {
  expect(c.receipt.signature).toBe(c.signature);
  return recoverReceiptSigner(
    {
      contextHash: c.context_hash,
      userId: c.receipt.user_id,
      agentId: c.agent_id,
      sequence: c.sequence,
      prevEntryHash: c.prev_entry_hash,
      receivedAt: new Date(c.created_at),
    },
    c.signature as `0x${string}`,
  );
};

const countContexts = () => h.db.context.count();
const post = (key: string, body: unknown) =>
  h.request
    .post("/v1/contexts")
    .set(bearer(key))
    .send(body as object);

describe("POST /v1/contexts — happy path", () => {
  it("answers 202 with the pending context, hashed and signed, and queues its anchoring", async () => {
    const body = {
      agent_id: "agent-1",
      context_data: { task: "summarize", steps: [1, 2, 3] },
      metadata: { run: 7 },
    };
    const res = await post(t.keys.full, body);
    expect(res.status).toBe(202);
    const ctx = res.body;
    expect(ctx).toMatchObject({
      agent_id: "agent-1",
      status: "pending",
      visibility: "private",
      transaction_hash: null,
      network: "anvil",
      confirmations: 0,
      context_data: body.context_data,
      metadata: body.metadata,
    });
    expect(ctx.context_id).toMatch(/^ctx_[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`/v1/contexts/${ctx.context_id}`);

    const expected = hashContext({
      agent_id: "agent-1",
      context_data: body.context_data,
      metadata: body.metadata,
    });
    expect(ctx.context_hash).toBe(expected.contextHash);
    // one signature: the receipt's (EIP-712), over the context's place in its log
    expect(ctx.signature_scheme).toBe("EIP-712");
    expect(await receiptSigner(ctx)).toBe(ctx.signer_address);
    expect(new Date(ctx.estimated_confirmation).getTime()).toBeGreaterThan(
      new Date(ctx.created_at).getTime(),
    );

    const row = await readContext(h.db, ctx.context_id);
    expect(row.canonicalJson).toBe(expected.canonical);
    expect(row.userId).toBe(t.userId);

    const queue = new Queue(JOBS.anchorContexts.queue, {
      connection: { url: REDIS_URL } as never,
      prefix: h.prefix,
    });
    try {
      const job = await queue.getJob(ctx.context_id);
      expect(job?.data).toEqual({ contextIds: [ctx.context_id] });
    } finally {
      await queue.close();
    }
  });

  it("defaults metadata to {} and includes it in the hash", async () => {
    const res = await post(t.keys.full, { agent_id: "agent-2", context_data: { a: 1 } });
    expect(res.status).toBe(202);
    expect(res.body.metadata).toEqual({});
    expect(res.body.context_hash).toBe(
      hashContext({ agent_id: "agent-2", context_data: { a: 1 }, metadata: {} }).contextHash,
    );
  });

  it("hashes key order independently (RFC 8785)", async () => {
    const a = await post(t.keys.full, { agent_id: "agent-3", context_data: { x: 1, y: { b: 2, a: 1 } } });
    const b = await post(t.keys.full, { agent_id: "agent-3", context_data: { y: { a: 1, b: 2 }, x: 1 } });
    expect(a.body.context_hash).toBe(b.body.context_hash);
    expect(a.body.context_id).not.toBe(b.body.context_id);
  });

  it("accepts visibility public", async () => {
    const res = await post(t.keys.full, { agent_id: "agent-4", context_data: {}, visibility: "public" });
    expect(res.status).toBe(202);
    expect(res.body.visibility).toBe("public");
  });
});

describe("POST /v1/contexts — key types", () => {
  it.each([
    ["read_only", 403, "INSUFFICIENT_PERMISSIONS"],
    ["public", 403, "INSUFFICIENT_PERMISSIONS"],
  ] as const)("a %s key cannot create (%i %s) and nothing is written", async (type, status, code) => {
    const before = await countContexts();
    const res = await post(t.keys[type], { agent_id: "agent-1", context_data: {} });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await countContexts()).toBe(before);
  });

  it("a restricted key creates for an agent matching its patterns", async () => {
    const res = await post(t.keys.restricted, { agent_id: "agent-restricted", context_data: {} });
    expect(res.status).toBe(202);
  });

  it("a restricted key is refused for any other agent, and nothing is written", async () => {
    const before = await countContexts();
    const res = await post(t.keys.restricted, { agent_id: "billing-bot", context_data: {} });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("INSUFFICIENT_PERMISSIONS");
    expect(await countContexts()).toBe(before);
  });
});

describe("POST /v1/contexts — bad input changes nothing", () => {
  const deep = (n: number) => {
    let v: unknown = 1;
    for (let i = 0; i < n; i++) v = { a: v };
    return v;
  };
  const raw = (s: string, type = "application/json") =>
    h.request.post("/v1/contexts").set(bearer(t.keys.full)).set("Content-Type", type).send(s);

  const cases: [
    string,
    () => Promise<{ status: number; body: { error: { code: string } } }>,
    number,
    string,
  ][] = [
    ["invalid JSON", () => raw('{"agent_id": "a", '), 400, "INVALID_JSON"],
    ["a JSON array body", () => raw("[1,2]"), 400, "VALIDATION_ERROR"],
    ["a JSON string body", () => raw('"x"'), 400, "INVALID_JSON"],
    [
      "a text/plain body",
      () => raw('{"agent_id":"a","context_data":{}}', "text/plain"),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "a form body",
      () => raw("agent_id=a", "application/x-www-form-urlencoded"),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    ["an empty body", () => raw(""), 400, "VALIDATION_ERROR"],
    [
      "a body over the limit",
      () => post(t.keys.full, { agent_id: "a", context_data: { s: "x".repeat(400 * 1024) } }),
      413,
      "PAYLOAD_TOO_LARGE",
    ],
    [
      "context_data over 256 KiB",
      () => post(t.keys.full, { agent_id: "a", context_data: { s: "x".repeat(257 * 1024) } }),
      413,
      "PAYLOAD_TOO_LARGE",
    ],
    [
      "metadata over 16 KiB",
      () => post(t.keys.full, { agent_id: "a", context_data: {}, metadata: { s: "x".repeat(17 * 1024) } }),
      413,
      "PAYLOAD_TOO_LARGE",
    ],
    ["missing agent_id", () => post(t.keys.full, { context_data: {} }), 400, "VALIDATION_ERROR"],
    ["missing context_data", () => post(t.keys.full, { agent_id: "a" }), 400, "VALIDATION_ERROR"],
    [
      "agent_id of the wrong type",
      () => post(t.keys.full, { agent_id: 42, context_data: {} }),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "agent_id with a space",
      () => post(t.keys.full, { agent_id: "a b", context_data: {} }),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "agent_id too long",
      () => post(t.keys.full, { agent_id: "a".repeat(129), context_data: {} }),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "agent_id starting with a dash",
      () => post(t.keys.full, { agent_id: "-a", context_data: {} }),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "context_data an array",
      () => post(t.keys.full, { agent_id: "a", context_data: [1] }),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "context_data a string",
      () => post(t.keys.full, { agent_id: "a", context_data: "x" }),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "context_data null",
      () => post(t.keys.full, { agent_id: "a", context_data: null }),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "metadata an array",
      () => post(t.keys.full, { agent_id: "a", context_data: {}, metadata: [] }),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "an unknown field",
      () => post(t.keys.full, { agent_id: "a", context_data: {}, extra: 1 }),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "an unknown visibility",
      () => post(t.keys.full, { agent_id: "a", context_data: {}, visibility: "secret" }),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "nesting deeper than 32",
      () => post(t.keys.full, { agent_id: "a", context_data: deep(40) }),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "hostile nesting (50,000 levels)",
      () => raw(`{"agent_id":"a","context_data":${"[".repeat(50_000)}${"]".repeat(50_000)}}`),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "a __proto__ key at the top",
      () => raw('{"agent_id":"a","context_data":{},"__proto__":{"x":1}}'),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "a nested __proto__ key",
      () => raw('{"agent_id":"a","context_data":{"a":{"__proto__":{"polluted":true}}}}'),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "a NUL character in a value",
      () => raw('{"agent_id":"a","context_data":{"a":"x\\u0000y"}}'),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "a NUL character in a key",
      () => raw('{"agent_id":"a","context_data":{"a\\u0000":1}}'),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "a lone surrogate",
      () => raw('{"agent_id":"a","context_data":{"a":"\\ud800"}}'),
      400,
      "VALIDATION_ERROR",
    ],
    [
      "a bad Idempotency-Key",
      () =>
        h.request
          .post("/v1/contexts")
          .set(bearer(t.keys.full))
          .set("Idempotency-Key", "x".repeat(300))
          .send({ agent_id: "a", context_data: {} }),
      400,
      "VALIDATION_ERROR",
    ],
  ];

  it.each(cases.map(([name, send, status, code]) => [name, status, code, send] as const))(
    "%s → %i %s, no row",
    async (_name, status, code, send) => {
      const before = await countContexts();
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(typeof (res.body.error as { request_id?: string }).request_id).toBe("string");
      expect(await countContexts()).toBe(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it("accepts unicode, big numbers and empty objects and hashes them canonically", async () => {
    const data = { emoji: "🙂", accents: "é", n: 1e21, neg: -0.5, empty: {}, list: [] };
    const res = await post(t.keys.full, { agent_id: "agent-unicode", context_data: data });
    expect(res.status).toBe(202);
    expect(res.body.context_hash).toBe(
      hashContext({ agent_id: "agent-unicode", context_data: data, metadata: {} }).contextHash,
    );
  });
});

describe("POST /v1/contexts — Idempotency-Key", () => {
  it("replays the first response for the same key and body, with no second context", async () => {
    const body = { agent_id: "agent-idem", context_data: { n: 1 } };
    const first = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .set("Idempotency-Key", "idem-1")
      .send(body);
    const before = await countContexts();
    const second = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .set("Idempotency-Key", "idem-1")
      .send(body);
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.text).toBe(first.text);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(await countContexts()).toBe(before);
  });

  it("answers 409 CONFLICT for the same key with another body", async () => {
    await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .set("Idempotency-Key", "idem-2")
      .send({ agent_id: "agent-idem", context_data: { n: 1 } });
    const before = await countContexts();
    const res = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .set("Idempotency-Key", "idem-2")
      .send({ agent_id: "agent-idem", context_data: { n: 2 } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("CONFLICT");
    expect(await countContexts()).toBe(before);
  });

  it("lets concurrent requests with one key create exactly one context", async () => {
    const body = { agent_id: "agent-idem", context_data: { concurrent: true } };
    const before = await countContexts();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        h.request
          .post("/v1/contexts")
          .set(bearer(t.keys.full))
          .set("Idempotency-Key", "idem-concurrent")
          .send(body),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(202));
    expect(new Set(responses.map((r) => r.body.context_id)).size).toBe(1);
    expect(await countContexts()).toBe(before + 1);
  });

  it("scopes keys per user: another tenant may use the same key", async () => {
    const other = await h.tenant();
    const body = { agent_id: "agent-idem", context_data: { n: 1 } };
    const a = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .set("Idempotency-Key", "idem-shared")
      .send(body);
    const b = await h.request
      .post("/v1/contexts")
      .set(bearer(other.keys.full))
      .set("Idempotency-Key", "idem-shared")
      .send(body);
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(a.body.context_id).not.toBe(b.body.context_id);
  });

  it("does not keep a key whose request failed", async () => {
    const bad = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .set("Idempotency-Key", "idem-bad")
      .send({ agent_id: "a" });
    expect(bad.status).toBe(400);
    const good = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .set("Idempotency-Key", "idem-bad")
      .send({ agent_id: "a", context_data: {} });
    expect(good.status).toBe(202);
  });
});
