// Integration: real PostgreSQL (fresh database) and real Redis (own prefix).
import { hashContext, recoverReceiptSigner } from "@ctxlog/core";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let t: Tenant;

beforeAll(async () => {
  h = await createTestHarness({ PLAN_RATE_LIMITS: "free:6000,small:10", RATE_LIMIT_WINDOW_SECONDS: "60" });
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

const batch = (key: string, body: unknown) =>
  h.request
    .post("/v1/contexts/batch")
    .set(bearer(key))
    .send(body as object);
const item = (n: number, extra: Record<string, unknown> = {}) => ({
  agent_id: `agent-${n}-`,
  context_data: { step: n, text: "x".repeat(64) },
  ...extra,
});
/** contexts written for the items numbered `from` to `to` */
const countOf = async (from: number, to = from + 99) => {
  const agents = Array.from({ length: to - from + 1 }, (_, i) => `agent-${from + i}-`);
  return h.db.context.count({ where: { agentId: { in: agents } } });
};

describe("POST /v1/contexts/batch", () => {
  it("answers 202 with every context in the order sent, each as POST /v1/contexts answers it", async () => {
    const items = [
      item(1, { metadata: { run: 1 } }),
      item(2, { visibility: "public" }),
      ...Array.from({ length: 48 }, (_, i) => item(i + 3)),
    ];
    const res = await batch(t.keys.full, { contexts: items });
    expect(res.status).toBe(202);
    expect(res.body.data).toHaveLength(50);
    expect(res.body.data.map((c: { agent_id: string }) => c.agent_id)).toEqual(items.map((i) => i.agent_id));
    const [first, second] = res.body.data;
    expect(first).toMatchObject({ status: "pending", visibility: "private", metadata: { run: 1 } });
    expect(second).toMatchObject({ visibility: "public", metadata: {} });
    expect(first.context_hash).toBe(
      hashContext({ agent_id: "agent-1-", context_data: items[0]?.context_data ?? {}, metadata: { run: 1 } })
        .contextHash,
    );
    expect(await receiptSigner(first)).toBe(first.signer_address);
    // the answer is what was committed: each record reads back the same (the receipt is the
    // creation answer's alone); each item carries its signed receipt, at its place in its log
    const { receipt, ...record } = second;
    const read = await h.request.get(`/v1/contexts/${second.context_id}`).set(bearer(t.keys.full));
    expect(read.body).toEqual(record);
    expect(receipt).toMatchObject({
      context_hash: second.context_hash,
      agent_id: second.agent_id,
      sequence: second.sequence,
      prev_entry_hash: second.prev_entry_hash,
    });
    const ids = res.body.data.map((c: { context_id: string }) => c.context_id);
    expect(new Set(ids).size).toBe(50);
    expect(await h.db.context.count({ where: { id: { in: ids } } })).toBe(50);
    // one anchoring job for the write, naming every context of it (not one job per context)
    const job = await h.deps.queues.queue("anchorContexts").getJob(ids[0]);
    expect(job?.data).toEqual({ contextIds: ids });
    expect(await h.deps.queues.queue("anchorContexts").getJob(ids[1])).toBeUndefined();
  });

  it("refuses the whole batch when items break the schema, listing each bad item by index", async () => {
    const res = await batch(t.keys.full, {
      contexts: [item(101), { agent_id: "bad agent!", context_data: {} }, item(102), { agent_id: "a" }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    const details = res.body.error.details as { index: number; code: string }[];
    expect(new Set(details.map((d) => d.index))).toEqual(new Set([1, 3]));
    for (const d of details) expect(d.code).toBe("VALIDATION_ERROR");
    expect(await countOf(101, 102)).toBe(0);
  });

  it("lists items too large or for an agent the key may not write for, with their codes, and writes nothing", async () => {
    const restricted = await h.tenant({ agents: ["agent-2*"] });
    const res = await batch(restricted.keys.restricted, {
      contexts: [
        item(201),
        item(202, { context_data: { big: "x".repeat(256 * 1024) } }),
        { agent_id: "billing-bot", context_data: {} },
        item(203, { metadata: { big: "y".repeat(17 * 1024) } }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.details).toEqual([
      { index: 1, code: "PAYLOAD_TOO_LARGE", path: "contexts.1.context_data", message: expect.any(String) },
      {
        index: 2,
        code: "INSUFFICIENT_PERMISSIONS",
        path: "contexts.2.agent_id",
        message: expect.any(String),
      },
      { index: 3, code: "PAYLOAD_TOO_LARGE", path: "contexts.3.metadata", message: expect.any(String) },
    ]);
    expect(await countOf(201, 203)).toBe(0);
  });

  it("checks each item for JSON hazards on its own, nesting counted from the item", async () => {
    const deep = (n: number) => {
      let v: unknown = 1;
      for (let i = 0; i < n; i++) v = { a: v };
      return v;
    };
    // 31 levels inside context_data: 32 counted from the item, as in a single POST — accepted
    const ok = await batch(t.keys.full, { contexts: [item(301, { context_data: deep(31) })] });
    expect(ok.status).toBe(202);
    const res = await batch(t.keys.full, {
      contexts: [
        item(302),
        item(303, { context_data: { s: "nul\u0000" } }),
        item(304, { context_data: deep(32) }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { index: number; code: string }) => [d.index, d.code])).toEqual([
      [1, "VALIDATION_ERROR"],
      [2, "VALIDATION_ERROR"],
    ]);
    expect(await countOf(301, 304)).toBe(1);
  });

  it.each([
    ["no items", 0],
    ["501 items", 501],
  ])("answers 400 VALIDATION_ERROR for %s", async (_, n) => {
    const res = await batch(t.keys.full, { contexts: Array.from({ length: n }, (_, i) => item(400 + i)) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(await countOf(400, 900)).toBe(0);
  });

  it("accepts 500 items of ~8 KiB (4 MiB) and answers 413 for a body over 5 MiB", async () => {
    const pad = "z".repeat(8 * 1024);
    const full = Array.from({ length: 500 }, (_, i) => item(5000 + i, { context_data: { pad } }));
    const ok = await batch(t.keys.full, { contexts: full });
    expect(ok.status).toBe(202);
    expect(ok.body.data).toHaveLength(500);
    const big = "w".repeat(11 * 1024);
    const tooLarge = Array.from({ length: 480 }, (_, i) => item(6000 + i, { context_data: { big } }));
    const res = await batch(t.keys.full, { contexts: tooLarge });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await countOf(6000, 6479)).toBe(0);
  });

  it("a read-only key may not submit a batch", async () => {
    const res = await batch(t.keys.read_only, { contexts: [item(701)] });
    expect(res.status).toBe(403);
  });
});

describe("POST /v1/contexts/batch — Idempotency-Key", () => {
  it("replays the first answer for the same key and body, writing nothing; another body is a 409", async () => {
    const body = { contexts: [item(801), item(802), item(803)] };
    const first = await batch(t.keys.full, body).set("Idempotency-Key", "batch-1");
    expect(first.status).toBe(202);
    const again = await batch(t.keys.full, body).set("Idempotency-Key", "batch-1");
    expect(again.status).toBe(202);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await countOf(801, 804)).toBe(3);

    const other = await batch(t.keys.full, { contexts: [item(804)] }).set("Idempotency-Key", "batch-1");
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("CONFLICT");
    expect(await countOf(801, 804)).toBe(3);
  });

  it("a key used on POST /v1/contexts is another request here: 409, nothing written", async () => {
    const single = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .set("Idempotency-Key", "shared-key")
      .send(item(811));
    expect(single.status).toBe(202);
    const many = await batch(t.keys.full, { contexts: [item(812)] }).set("Idempotency-Key", "shared-key");
    expect(many.status).toBe(409);
    expect(await countOf(812)).toBe(0);
  });
});

describe("POST /v1/contexts/batch — rate limit in units", () => {
  it("costs one unit per context; a batch larger than what is left is a 429 that writes nothing", async () => {
    const small = await h.tenant({ plan: "small" }); // 10 units a minute
    const four = await batch(small.keys.full, { contexts: [item(901), item(902), item(903), item(904)] });
    expect(four.status).toBe(202);
    expect(four.headers["ratelimit-limit"]).toBe("10");
    expect(four.headers["ratelimit-remaining"]).toBe("6");

    const seven = await batch(small.keys.full, {
      contexts: Array.from({ length: 7 }, (_, i) => item(910 + i)),
    });
    expect(seven.status).toBe(429);
    expect(seven.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(seven.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // charged once, whole or not at all: the refused batch spent nothing
    expect(seven.headers["ratelimit-remaining"]).toBe("6");
    expect(await countOf(910, 916)).toBe(0);

    const status = await h.request.get("/v1/status").set(bearer(small.keys.full));
    expect(status.body.rate_limit).toMatchObject({ limit: 10, requests_remaining: 5 });
    const exact = await batch(small.keys.full, {
      contexts: [item(921), item(922), item(923), item(924), item(925)],
    });
    expect(exact.status).toBe(202);
    expect(exact.headers["ratelimit-remaining"]).toBe("0");
  });
});
