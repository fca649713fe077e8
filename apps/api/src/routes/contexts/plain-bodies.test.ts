import { isPlainBatchBody, isPlainContextBody } from "./plain-bodies";
import { createContextBodySchema, createContextsBatchBodySchema } from "./schemas";

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
  { ...good, __proto__x: 1 },
  Object.assign(Object.create(null), good),
  [],
  null,
  "body",
  42,
];

describe("the router's fast checks of the context bodies", () => {
  it.each(contexts.map((body, i) => [i, body]))(
    "single body %i: yes only where zod accepts it, and then zod's output equals it",
    (_i, body) => {
      const parsed = createContextBodySchema.safeParse(body);
      if (isPlainContextBody(body)) {
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(body);
      }
    },
  );

  it("says yes to the ordinary bodies (else it would save nothing)", () => {
    expect(isPlainContextBody(good)).toBe(true);
    expect(
      isPlainBatchBody({ contexts: [good, { agent_id: "b", context_data: {}, visibility: "public" }] }),
    ).toBe(true);
  });

  it.each<[string, unknown]>([
    ["every item good", { contexts: contexts.filter((c) => isPlainContextBody(c)) }],
    ["one bad item", { contexts: [good, { ...good, agent_id: "" }] }],
    ["no items", { contexts: [] }],
    ["500 items", { contexts: Array.from({ length: 500 }, () => good) }],
    ["501 items", { contexts: Array.from({ length: 501 }, () => good) }],
    ["another field", { contexts: [good], extra: true }],
    ["contexts not an array", { contexts: good }],
    ["no contexts", {}],
    ["an array", [good]],
  ])("batch body with %s: yes only where zod accepts it, and then zod's output equals it", (_name, body) => {
    const parsed = createContextsBatchBodySchema.safeParse(body);
    if (isPlainBatchBody(body)) {
      expect(parsed.success).toBe(true);
      expect(parsed.data).toEqual(body);
    } else {
      expect(parsed.success && (body as { contexts: unknown[] }).contexts.every(isPlainContextBody)).toBe(
        false,
      );
    }
  });
});
