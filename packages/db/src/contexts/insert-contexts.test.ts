// Integration: real PostgreSQL (a fresh database for this file).
import { newId } from "@ctxlog/core";
import { pgPoolOf } from "../client";
import { createApiKey } from "../index";
import { createTestDatabase, type TestDatabase } from "../testing";
import { insertContexts, type NewContext, pendingContextRow } from "./insert-context";

let t: TestDatabase;
let owner: { userId: string; apiKeyId: string; keyFamilyId: string };
beforeAll(async () => {
  t = await createTestDatabase("ctxlog_test_insert");
  const { record } = await createApiKey(t.db, { userId: "usr-insert", type: "full" });
  owner = { userId: record.userId, apiKeyId: record.id, keyFamilyId: record.familyId };
});
afterAll(() => t.drop());

function newContext(i: number): NewContext {
  const createdAt = new Date(Date.UTC(2026, 10, 26, 9, 0, 0, i));
  return {
    id: newId("ctx"),
    ...owner,
    agentId: `agent-${i}`,
    // the awkward parts of JSON: unicode, escapes, big and small numbers, nesting, empty containers
    contextData: {
      i,
      text: 'é "quoted" \\ back\\slash \u2028',
      n: [1.5, -2, 1e21, 12345678901234],
      deep: { a: [{}, []] },
    },
    metadata: i % 2 ? { run: i } : {},
    visibility: i % 2 ? "public" : "private",
    canonicalJson: `{"i":${i}}`,
    contextHash: `0x${"ab".repeat(32)}`,
    signature: `0x${"cd".repeat(65)}`,
    signerAddress: `0x${"12".repeat(20)}`,
    network: "anvil",
    createdAt,
    estimatedConfirmation: new Date(createdAt.getTime() + 5_000),
  };
}

describe("insertContexts (PostgreSQL)", () => {
  it("writes each row exactly as pendingContextRow describes it, through the pg pool", async () => {
    expect(pgPoolOf(t.db)).toBeDefined();
    const inputs = Array.from({ length: 25 }, (_, i) => newContext(i));
    await insertContexts(t.db, inputs);
    for (const input of inputs) {
      const stored = await t.db.context.findUniqueOrThrow({ where: { id: input.id } });
      expect(stored).toEqual(pendingContextRow(input));
    }
  });

  it("writes the same inside a transaction, where there is no pool to go around Prisma", async () => {
    const inputs = [newContext(100), newContext(101)];
    await t.db.$transaction(async (tx) => {
      expect(pgPoolOf(tx)).toBeUndefined();
      await insertContexts(tx, inputs);
    });
    for (const input of inputs) {
      expect(await t.db.context.findUniqueOrThrow({ where: { id: input.id } })).toEqual(
        pendingContextRow(input),
      );
    }
  });

  it("writes nothing when one row of the batch is refused (one statement)", async () => {
    const good = newContext(200);
    const duplicate = { ...newContext(201), id: good.id };
    await expect(insertContexts(t.db, [good, duplicate])).rejects.toThrow();
    expect(await t.db.context.count({ where: { id: good.id } })).toBe(0);
  });
});
