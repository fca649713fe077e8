// Integration: real PostgreSQL (a fresh database for this file).
import { entryHash, newId, ZERO_ENTRY_HASH } from "@ctxlog/core";
import { createDb, pgPoolOf } from "../client";
import { createApiKey } from "../index";
import { createTestDatabase, readContext, readContexts, type TestDatabase } from "../testing";
import { insertContexts, type NewContext, pendingContextRow } from "./insert-context";
import { LogHeadCache, logKey } from "./log-heads";

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
    const written = await insertContexts(t.db, inputs);
    for (const [i, input] of inputs.entries()) {
      const stored = await readContext(t.db, input.id);
      expect(stored).toEqual(written[i]);
      // each agent is its own log here: the first entry of each
      expect(stored).toEqual(
        pendingContextRow(input, {
          sequence: 1,
          prevEntryHash: ZERO_ENTRY_HASH,
          entryHash: entryHash({ ...input, sequence: 1, prevEntryHash: ZERO_ENTRY_HASH }),
        }),
      );
    }
  });

  it("writes the same inside a transaction, where there is no pool to go around Prisma", async () => {
    const inputs = [newContext(100), newContext(101)];
    const written = await t.db.$transaction(async (tx) => {
      expect(pgPoolOf(tx)).toBeUndefined();
      return insertContexts(tx, inputs);
    });
    for (const [i, input] of inputs.entries()) {
      expect(await readContext(t.db, input.id)).toEqual(written[i]);
      expect(written[i]?.sequence).toBe(1);
    }
  });

  it("writes nothing when one row of the batch is refused (one statement)", async () => {
    const good = newContext(200);
    const duplicate = { ...newContext(201), id: good.id };
    await expect(insertContexts(t.db, [good, duplicate])).rejects.toThrow();
    expect(await t.db.context.count({ where: { id: good.id } })).toBe(0);
  });

  it("without chaining (benchmarks' baseline) writes rows outside any log", async () => {
    const input = newContext(300);
    const [row] = await insertContexts(t.db, [input], { chained: false });
    expect(row).toEqual(pendingContextRow(input));
    expect(await readContext(t.db, input.id)).toEqual(row);
  });
});

describe("per-agent sequences (PostgreSQL)", () => {
  const inLog = (agentId: string, i: number): NewContext => ({ ...newContext(1000 + i), agentId });

  it("links a batch's entries of one log in input order, each after the previous call's", async () => {
    const first = await insertContexts(t.db, [inLog("chain-a", 0), inLog("chain-b", 1), inLog("chain-a", 2)]);
    const second = await insertContexts(t.db, [inLog("chain-a", 3)]);
    expect([...first, ...second].map((r) => [r.agentId, r.sequence])).toEqual([
      ["chain-a", 1],
      ["chain-b", 1],
      ["chain-a", 2],
      ["chain-a", 3],
    ]);
    expect(first[2]?.prevEntryHash).toBe(first[0]?.entryHash);
    expect(second[0]?.prevEntryHash).toBe(first[2]?.entryHash);
    const head = await t.db.agentLog.findUniqueOrThrow({
      where: { userId_agentId: { userId: owner.userId, agentId: "chain-a" } },
    });
    expect([head.headSequence, head.headEntryHash]).toEqual([3, second[0]?.entryHash]);
  });

  it("assigns 1..N without gaps or repeats across processes writing the same logs at once", async () => {
    // three clients with their own pools stand for three API processes; batches interleave two logs
    const clients = [createDb(t.url, { poolSize: 3 }), createDb(t.url, { poolSize: 3 }), t.db];
    try {
      await Promise.all(
        clients.flatMap((db, c) =>
          Array.from({ length: 8 }, (_, b) =>
            insertContexts(
              db,
              Array.from({ length: 5 }, (_, i) => inLog(i % 2 ? "busy-x" : "busy-y", c * 100 + b * 10 + i)),
            ),
          ),
        ),
      );
    } finally {
      // these clients only ever used their pools directly, so Prisma has no connection to dispose
      await Promise.all(clients.slice(0, 2).map((db) => pgPoolOf(db)?.end()));
    }
    for (const agentId of ["busy-x", "busy-y"]) {
      const rows = await t.db.context.findMany({ where: { agentId }, orderBy: { sequence: "asc" } });
      expect(rows.map((r) => r.sequence)).toEqual(rows.map((_, i) => i + 1));
      rows.forEach((row, i) => {
        expect(row.prevEntryHash).toBe(i === 0 ? ZERO_ENTRY_HASH : rows[i - 1]?.entryHash);
        expect(row.entryHash).toBe(
          entryHash({
            contextHash: row.contextHash,
            userId: row.userId,
            agentId,
            sequence: row.sequence as number,
            prevEntryHash: row.prevEntryHash as string,
          }),
        );
      });
    }
  });

  it("a refused batch advances no head", async () => {
    const good = inLog("refused", 0);
    await expect(insertContexts(t.db, [good, { ...inLog("refused", 1), id: good.id }])).rejects.toThrow();
    const [row] = await insertContexts(t.db, [inLog("refused", 2)]);
    expect(row?.sequence).toBe(1);
  });
});

describe("per-agent sequences with remembered heads (PostgreSQL)", () => {
  const inLog = (agentId: string, i: number): NewContext => ({ ...newContext(5000 + i), agentId });

  /**
   * Counts the connections a client checks out for a transaction (pool.connect() without a
   * callback; pool.query checks out with one): a write by one statement checks out none.
   */
  function countTransactions(db: typeof t.db) {
    const pool = pgPoolOf(db);
    if (!pool) throw new Error("no pool");
    const connect = pool.connect;
    const counter = { n: 0 };
    pool.connect = function (this: typeof pool, ...args: unknown[]) {
      if (args.length === 0) counter.n++;
      return (connect as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pool.connect;
    return { counter, restore: () => Object.assign(pool, { connect }) };
  }

  it("writes a remembered log in one statement, without a transaction", async () => {
    const heads = new LogHeadCache();
    const { counter, restore } = countTransactions(t.db);
    try {
      const [first] = await insertContexts(t.db, [inLog("remembered", 0)], { heads });
      expect(counter.n).toBe(0); // not remembered yet: a read of the head, then the statement
      expect(heads.get(logKey(owner.userId, "remembered"))).toEqual({
        sequence: 1,
        entryHash: first?.entryHash,
      });
      const next = await insertContexts(t.db, [inLog("remembered", 1), inLog("remembered", 2)], { heads });
      expect(counter.n).toBe(0);
      expect(next.map((r) => [r.sequence, r.prevEntryHash])).toEqual([
        [2, first?.entryHash],
        [3, next[0]?.entryHash],
      ]);
      const ids = (
        await t.db.context.findMany({ where: { agentId: "remembered" }, orderBy: { sequence: "asc" } })
      ).map((r) => r.id);
      expect(await readContexts(t.db, ids)).toEqual([first, ...next]);
      const head = await t.db.agentLog.findUniqueOrThrow({
        where: { userId_agentId: { userId: owner.userId, agentId: "remembered" } },
      });
      expect([head.headSequence, head.headEntryHash]).toEqual([3, next[1]?.entryHash]);
    } finally {
      restore();
    }
  });

  it("writes nothing after a head that moved on, then numbers after the real head", async () => {
    const mine = new LogHeadCache();
    const other = new LogHeadCache();
    await insertContexts(t.db, [inLog("moved", 0)], { heads: mine });
    const [theirs] = await insertContexts(t.db, [inLog("moved", 1)], { heads: other }); // another process
    const stale = mine.get(logKey(owner.userId, "moved"));
    expect(stale?.sequence).toBe(1);
    const [row] = await insertContexts(t.db, [inLog("moved", 2)], { heads: mine });
    expect([row?.sequence, row?.prevEntryHash]).toEqual([3, theirs?.entryHash]);
    const rows = await t.db.context.findMany({ where: { agentId: "moved" }, orderBy: { sequence: "asc" } });
    expect(rows.map((r) => r.sequence)).toEqual([1, 2, 3]);
    expect(mine.get(logKey(owner.userId, "moved"))).toEqual({ sequence: 3, entryHash: row?.entryHash });
  });

  it("takes the locking path when the heads keep moving, and still numbers after the real head", async () => {
    const stale = { sequence: 0, entryHash: ZERO_ENTRY_HASH };
    // a memory that never learns: every one-statement try numbers after sequence 0 and is refused
    class NeverLearns extends LogHeadCache {
      override get() {
        return stale;
      }
      override set() {}
    }
    await insertContexts(t.db, [inLog("keeps-moving", 0), inLog("keeps-moving", 1)]);
    const { counter, restore } = countTransactions(t.db);
    try {
      const [row] = await insertContexts(t.db, [inLog("keeps-moving", 2)], { heads: new NeverLearns() });
      expect(counter.n).toBe(1);
      expect(row?.sequence).toBe(3);
    } finally {
      restore();
    }
    const rows = await t.db.context.findMany({
      where: { agentId: "keeps-moving" },
      orderBy: { sequence: "asc" },
    });
    expect(rows.map((r) => r.sequence)).toEqual([1, 2, 3]);
  });

  it("a refused write through remembered heads advances no head and no memory", async () => {
    const heads = new LogHeadCache();
    const [first] = await insertContexts(t.db, [inLog("refused-fast", 0)], { heads });
    const bad = inLog("refused-fast", 1);
    await expect(
      insertContexts(t.db, [bad, { ...inLog("refused-fast", 2), id: bad.id }], { heads }),
    ).rejects.toThrow();
    expect(heads.get(logKey(owner.userId, "refused-fast"))?.sequence).toBe(1);
    const [row] = await insertContexts(t.db, [inLog("refused-fast", 3)], { heads });
    expect([row?.sequence, row?.prevEntryHash]).toEqual([2, first?.entryHash]);
  });

  it("assigns 1..N without gaps or repeats when processes with their own memory write at once", async () => {
    const clients = [createDb(t.url, { poolSize: 3 }), createDb(t.url, { poolSize: 3 }), t.db];
    const memories = clients.map(() => new LogHeadCache());
    try {
      await Promise.all(
        clients.flatMap((db, c) =>
          Array.from({ length: 12 }, (_, b) =>
            insertContexts(
              db,
              Array.from({ length: 4 }, (_, i) => inLog(i % 2 ? "race-x" : "race-y", c * 100 + b * 10 + i)),
              { heads: memories[c] },
            ),
          ),
        ),
      );
    } finally {
      await Promise.all(clients.slice(0, 2).map((db) => pgPoolOf(db)?.end()));
    }
    for (const agentId of ["race-x", "race-y"]) {
      const rows = await t.db.context.findMany({ where: { agentId }, orderBy: { sequence: "asc" } });
      expect(rows).toHaveLength(3 * 12 * 2);
      expect(rows.map((r) => r.sequence)).toEqual(rows.map((_, i) => i + 1));
      rows.forEach((row, i) => {
        expect(row.prevEntryHash).toBe(i === 0 ? ZERO_ENTRY_HASH : rows[i - 1]?.entryHash);
      });
      const head = await t.db.agentLog.findUniqueOrThrow({
        where: { userId_agentId: { userId: owner.userId, agentId } },
      });
      expect([head.headSequence, head.headEntryHash]).toEqual([rows.length, rows.at(-1)?.entryHash]);
    }
  });
});
