// Unit: the validators and serializers compiled from the route table's schemas agree with zod.
import { z } from "zod";
import { v1Routes } from "../routes";
import {
  createContextBodySchema,
  createContextsBatchBodySchema,
  createdContextSchema,
} from "../routes/contexts/schemas";
import { compileCheck, compileSerializer } from "./compiled-schemas";

const good = {
  agent_id: "planner-7",
  context_data: { task: "x", n: [1, { a: null }] },
  metadata: { run: 1 },
};

// Bodies as JSON.parse gives them: each a variation the schema accepts or refuses.
const contexts: unknown[] = [
  good,
  { agent_id: "a", context_data: {} },
  { ...good, visibility: "public" },
  { ...good, visibility: "private" },
  { ...good, visibility: "secret" },
  { ...good, visibility: null },
  { ...good, metadata: null },
  { ...good, metadata: [] },
  { ...good, metadata: "x" },
  { ...good, context_data: [] },
  { ...good, context_data: null },
  { ...good, context_data: "text" },
  { agent_id: "a" },
  { context_data: {} },
  { ...good, agent_id: "" },
  { ...good, agent_id: "-starts-with-dash" },
  { ...good, agent_id: "a".repeat(128) },
  { ...good, agent_id: "a".repeat(129) },
  { ...good, agent_id: "has space" },
  { ...good, agent_id: 7 },
  { ...good, extra: 1 },
  [],
  null,
  "body",
  42,
];
const batches: unknown[] = [
  { contexts: [good, { agent_id: "b", context_data: {}, visibility: "public" }] },
  { contexts: [good, { ...good, agent_id: "" }] },
  { contexts: [] },
  { contexts: Array.from({ length: 500 }, () => good) },
  { contexts: Array.from({ length: 501 }, () => good) },
  { contexts: [good], extra: true },
  { contexts: good },
  {},
  [good],
  ...contexts.map((c) => ({ contexts: [c] })),
];

describe("the validator compiled from a route's body schema", () => {
  it.each([
    ["single", createContextBodySchema, contexts],
    ["batch", createContextsBatchBodySchema, batches],
  ] as const)(
    "%s bodies: the same verdict as zod, and zod's output is the body itself",
    (_n, schema, bodies) => {
      const check = compileCheck(schema);
      for (const body of bodies) {
        const parsed = schema.safeParse(body);
        expect([check(body), body]).toEqual([parsed.success, body]);
        if (parsed.success) expect(parsed.data).toEqual(body);
      }
      expect(check(good) || check({ contexts: [good] })).toBe(true);
    },
  );

  it("is used only on routes whose schema passes a body through unchanged (no default, no transform)", () => {
    const routes = v1Routes.filter((route) => route.bodyPassesThrough);
    expect(routes.map((r) => r.path).sort()).toEqual(["/contexts", "/contexts/batch"]);
    for (const route of routes) {
      const schema = route.body as z.ZodType;
      // a default or transform makes the two sides of the schema differ
      expect(z.toJSONSchema(schema, { io: "input" })).toEqual(z.toJSONSchema(schema, { io: "output" }));
    }
  });
});

describe("the serializer compiled from a response schema", () => {
  const resource = {
    context_id: "ctx_1",
    agent_id: "a",
    status: "pending" as const,
    visibility: "private" as const,
    context_hash: `0x${"ab".repeat(32)}`,
    signature: `0x${"cd".repeat(65)}`,
    signature_scheme: "EIP-712" as const,
    signer_address: `0x${"12".repeat(20)}`,
    transaction_hash: null,
    network: "anvil",
    confirmations: 0,
    block_number: null,
    block_timestamp: null,
    gas_used: 21_000,
    gas_price_wei: "1000000000",
    batch_size: 1,
    confirmation_time_seconds: null,
    created_at: "2026-11-26T09:00:00.000Z",
    estimated_confirmation: "2026-11-26T09:00:05.000Z",
    context_data: { text: 'é "quoted" \\ \u2028', n: [1.5, -2, 1e21], deep: { a: [{}, []] } },
    metadata: {},
    data_erased_at: null,
    data_erasure_reason: null,
    data_erasure_overrode_retention: null,
    error: { code: "X", message: "m", details: null },
    retry_possible: null,
    failure_reason: null,
    sequence: 1,
    prev_entry_hash: `0x${"00".repeat(32)}`,
    entry_hash: `0x${"ef".repeat(32)}`,
    log_index: null,
    receipt: {
      context_hash: `0x${"ab".repeat(32)}`,
      user_id: "usr_1",
      agent_id: "a",
      sequence: 1,
      prev_entry_hash: `0x${"00".repeat(32)}`,
      received_at: "2026-11-26T09:00:00.000Z",
      signer: `0x${"12".repeat(20)}`,
      signature: `0x${"cd".repeat(65)}`,
    },
  };

  it("writes what JSON.stringify writes, byte for byte, in the schema's field order", () => {
    expect(compileSerializer(createdContextSchema)(resource)).toBe(JSON.stringify(resource));
  });

  it("refuses a value missing a field the schema requires", () => {
    const { receipt: _receipt, ...partial } = resource;
    expect(() => compileSerializer(createdContextSchema)(partial as never)).toThrow(/receipt/);
  });
});
