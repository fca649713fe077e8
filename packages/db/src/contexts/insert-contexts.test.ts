// Integration: real PostgreSQL (a fresh database for this file).

import {
  canonicalContext,
  createContextSigner,
  entryHash,
  newId,
  recoverReceiptSigner,
  ZERO_ENTRY_HASH,
} from "@ctxlog/core";
import { createDb, pgPoolOf } from "../client";
import { hexOf, withHexColumns } from "../hex-columns";
import { createApiKey } from "../index";
import { createTestDatabase, readContext, type TestDatabase } from "../testing";
import { insertContexts, type NewContext, pendingContextRow } from "./insert-context";

const signer = createContextSigner("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");

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
  // the awkward parts of JSON: unicode, escapes, big and small numbers, nesting, empty containers
  const contextData = {
    i,
    text: 'é "quoted" \\ back\\slash \u2028',
    n: [1.5, -2, 1e21, 12345678901234],
    deep: { a: [{}, []] },
  };
  const metadata = i % 2 ? { run: i } : {};
  return {
    id: newId("ctx"),
    ...owner,
    agentId: `agent-${i}`,
    contextData,
    metadata,
    visibility: i % 2 ? "public" : "private",
    // the one stored copy: context_data and metadata are read back from it
    canonicalJson: canonicalContext({ agent_id: `agent-${i}`, context_data: contextData, metadata })
      .canonical,
    contextHash: `0x${"ab".repeat(32)}`,
    signerAddress: signer.address,
    network: "anvil",
    createdAt,
    estimatedConfirmation: new Date(createdAt.getTime() + 5_000),
  };
}

describe("insertContexts (PostgreSQL)", () => {
  it("writes each row exactly as pendingContextRow describes it, through the pg pool", async () => {
    expect(pgPoolOf(t.db)).toBeDefined();
    const inputs = Array.from({ length: 25 }, (_, i) => newContext(i));
    const written = await insertContexts(t.db, inputs, signer);
    for (const [i, input] of inputs.entries()) {
      const stored = await readContext(t.db, input.id);
      expect(stored).toEqual(written[i]);
      // each agent is its own log here: the first entry of each
      const link = {
        sequence: 1,
        prevEntryHash: ZERO_ENTRY_HASH,
        entryHash: entryHash({ ...input, sequence: 1, prevEntryHash: ZERO_ENTRY_HASH }),
      };
      const receipt = { ...input, sequence: 1, prevEntryHash: ZERO_ENTRY_HASH, receivedAt: input.createdAt };
      expect(stored).toEqual(pendingContextRow(input, link, signer.signReceipt(receipt)));
      // the one signature: the EIP-712 Receipt's, over the place the write gave the row
      expect(stored.signatureScheme).toBe("EIP-712");
      expect(await recoverReceiptSigner(receipt, stored.signature as `0x${string}`)).toBe(signer.address);
    }
  });

  it("is two round trips on one connection, whatever the number of rows and logs", async () => {
    const pool = pgPoolOf(t.db);
    if (!pool) throw new Error("no pool");
    const connect = pool.connect.bind(pool);
    const sent: string[] = [];
    const restore: (() => void)[] = [];
    pool.connect = (async () => {
      const client = await connect();
      const query = client.query;
      restore.push(() => {
        client.query = query;
      });
      client.query = ((text: unknown, ...rest: unknown[]) => {
        sent.push(String(text).trim().slice(0, 6));
        return (query as (...a: unknown[]) => unknown).call(client, text, ...rest);
      }) as typeof client.query;
      return client;
    }) as typeof pool.connect;
    try {
      await insertContexts(t.db, [newContext(400), newContext(401), newContext(402)], signer);
    } finally {
      pool.connect = connect as typeof pool.connect;
      for (const undo of restore) undo();
    }
    expect(sent).toEqual(["BEGIN;", "WITH i"]);
  });

  it("writes the same inside a transaction, where there is no pool to go around Prisma", async () => {
    const inputs = [newContext(100), newContext(101)];
    const written = await t.db.$transaction(async (tx) => {
      expect(pgPoolOf(tx)).toBeUndefined();
      return insertContexts(tx, inputs, signer);
    });
    for (const [i, input] of inputs.entries()) {
      expect(await readContext(t.db, input.id)).toEqual(written[i]);
      expect(written[i]?.sequence).toBe(1);
    }
  });

  it("writes nothing when one row of the batch is refused (one statement)", async () => {
    const good = newContext(200);
    const duplicate = { ...newContext(201), id: good.id };
    await expect(insertContexts(t.db, [good, duplicate], signer)).rejects.toThrow();
    expect(await t.db.context.count({ where: { id: good.id } })).toBe(0);
  });
});

describe("per-agent sequences (PostgreSQL)", () => {
  const inLog = (agentId: string, i: number): NewContext => ({ ...newContext(1000 + i), agentId });

  it("links a batch's entries of one log in input order, each after the previous call's", async () => {
    const first = await insertContexts(
      t.db,
      [inLog("chain-a", 0), inLog("chain-b", 1), inLog("chain-a", 2)],
      signer,
    );
    const second = await insertContexts(t.db, [inLog("chain-a", 3)], signer);
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
    expect([head.headSequence, hexOf(head.headEntryHash)]).toEqual([3, second[0]?.entryHash]);
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
              signer,
            ),
          ),
        ),
      );
    } finally {
      // these clients only ever used their pools directly, so Prisma has no connection to dispose
      await Promise.all(clients.slice(0, 2).map((db) => pgPoolOf(db)?.end()));
    }
    for (const agentId of ["busy-x", "busy-y"]) {
      const rows = (await t.db.context.findMany({ where: { agentId }, orderBy: { sequence: "asc" } })).map(
        withHexColumns,
      );
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
    await expect(
      insertContexts(t.db, [good, { ...inLog("refused", 1), id: good.id }], signer),
    ).rejects.toThrow();
    const [row] = await insertContexts(t.db, [inLog("refused", 2)], signer);
    expect(row?.sequence).toBe(1);
  });
});
