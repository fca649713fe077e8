// Integration: real PostgreSQL (a fresh database). An anchor of the transparency log's tree head
// (issue 43): its root and count are a checkpoint's; its contexts' leaves are their log indexes and
// their proofs RFC 6962 inclusion proofs read out of the log's stored tiles (SQL ctxlog_log_proof,
// held here to @ctxlog/core's proveInclusion over the same leaves), for every reader: by id, the
// export's stream, the context.confirmed each receiver gets, and a batch in flight.
import {
  leafHash,
  MemoryTree,
  parseCheckpoint,
  parseSignedNote,
  proveInclusion,
  verifyInclusion,
} from "@ctxlog/core";
import { streamAgentEntries } from "../agents/stream-agent-entries";
import { renderPayloads } from "../events/render-payloads";
import { bytesOfHex, hexOf } from "../hex-columns";
import {
  anchorRefOf,
  createTestDatabase,
  readContext,
  seedContexts,
  seedUser,
  sequenceTestLog,
} from "../testing";
import {
  TEST_BLOCK_HASH as BLOCK,
  markAnchorMined,
  TEST_CONTEXT_SIGNER as SIGNER,
  TEST_ANCHOR_TARGET as TARGET,
} from "../testing/anchor-fixtures";
import { readLatestCheckpoint, readLogIndexes } from "../tlog/read-log";
import { confirmAnchor } from "./confirm-anchor";
import { createAnchorBatch } from "./create-anchor-batch";
import { placeInFlight } from "./in-flight-anchors";
import { listQueuedAnchors } from "./send-anchors";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_tree_head_anchors_test");
});
afterAll(() => database.drop());

const hexNodes = (proof: readonly Uint8Array[]) => proof.map((h) => hexOf(h));

/**
 * The log as core builds it from the contexts' entry hashes, in log index order (each context's
 * index wherever it is held: readLogIndexes), the indexes 0 … n-1 with none skipped.
 */
async function memoryLog() {
  const rows = await database.db.$queryRaw<{ id: string; entry_hash: Uint8Array }[]>`
    SELECT id, entry_hash FROM contexts`;
  const indexes = await readLogIndexes(
    database.db,
    rows.map((r) => r.id),
  );
  const logged = rows
    .filter((r) => indexes.has(r.id))
    .sort((a, b) => (indexes.get(a.id) as number) - (indexes.get(b.id) as number));
  expect(logged.map((r) => indexes.get(r.id))).toEqual(logged.map((_, i) => i));
  const tree = new MemoryTree();
  for (const r of logged) tree.append(new Uint8Array(r.entry_hash));
  return tree;
}

/** The log indexes still held in the contexts' tlog_leaves rows (a row per context at most). */
async function tlogLeavesOf(ids: readonly string[]) {
  const rows = await database.db.tlogLeaf.findMany({ where: { id: { in: [...ids] } } });
  return new Map(rows.map((l) => [l.id, Number(l.logIndex)]));
}

it("ctxlog_log_proof reads out of the tiles the proof core builds, at the newest size and at older ones", async () => {
  const db = database.db;
  const owner = await seedUser(db);
  const sizes: number[] = [];
  // checkpoints at 1, 6, 262 (a full tile and a partial one) and 300
  for (const count of [1, 5, 256, 38]) {
    await seedContexts(db, owner, { count, signerPrivateKey: SIGNER, agentId: "proof-agent" });
    sizes.push(await sequenceTestLog(db));
  }
  expect(sizes).toEqual([1, 6, 262, 300]);
  const tree = await memoryLog();
  for (const size of sizes) {
    const rows = await db.$queryRaw<{ i: number; proof: Uint8Array }[]>`
      SELECT i, ctxlog_log_proof(i, ${size}::bigint) AS proof FROM generate_series(0, ${size - 1}::int) AS i
       ORDER BY i`;
    expect(rows).toHaveLength(size);
    for (const { i, proof } of rows) {
      const expected = proveInclusion(i, size, (level, index) => tree.hashAt(level, index));
      expect(Buffer.from(proof).equals(Buffer.concat(expected))).toBe(true);
    }
  }
  await expect(db.$queryRaw`SELECT ctxlog_log_proof(300, 300)`).rejects.toThrow(
    /leaf 300 is not in a tree of 300/,
  );
});

it("anchors the newest checkpoint's root and size; its contexts are confirmed at their log index, with the log's proof", async () => {
  const db = database.db;
  const owner = await seedUser(db);
  const ids = await seedContexts(db, owner, { count: 7, signerPrivateKey: SIGNER, agentId: "head-agent" });
  // not yet in the log: nothing to claim (a tree head's, nor a batch tree's: they are receipts)
  expect(await createAnchorBatch(db, TARGET, ids)).toBeNull();
  const size = await sequenceTestLog(db);
  const checkpoint = parseCheckpoint(parseSignedNote((await readLatestCheckpoint(db))?.note ?? "").text);
  expect(checkpoint.size).toBe(size);

  const anchor = await createAnchorBatch(db, TARGET, { oldest: 1_000 });
  expect(anchor).toMatchObject({ treeSize: size, merkleRoot: hexOf(checkpoint.rootHash) });
  // every pending context the log holds, by log index (the earlier test's 300 are pending too)
  expect(anchor?.contextIds).toHaveLength(307);
  expect(anchor?.contextIds.slice(-7)).toEqual(ids);
  const anchorId = anchor?.anchorId as string;
  // a claimed context is in no second batch, of either kind
  expect(await createAnchorBatch(db, TARGET, ids)).toBeNull();
  // sent on chain as anchor(root, tree size)
  const queued = (await listQueuedAnchors(db, TARGET.signerAddress, 10)).find((a) => a.id === anchorId);
  expect(queued).toMatchObject({ merkleRoot: hexOf(checkpoint.rootHash), anchoredCount: size });

  const indexes = await readLogIndexes(db, ids);
  expect([...indexes.keys()].sort()).toEqual([...ids].sort());
  // claimed, not yet confirmed: each index is still held in its tlog_leaves row
  expect(await tlogLeavesOf(ids)).toEqual(indexes);
  const tree = await memoryLog();
  const hashAt = (level: number, index: number) => tree.hashAt(level, index);

  // in flight: placed at its log index, with the log's proof
  const inFlight = await placeInFlight(db, new Map(ids.map((id) => [id, anchorId])));
  for (const id of ids) {
    const index = indexes.get(id) as number;
    expect(inFlight.get(id)).toEqual({
      leafIndex: index,
      merkleProof: hexNodes(proveInclusion(index, size, hashAt)),
    });
  }

  await markAnchorMined(db, anchorId);
  expect((await confirmAnchor(db, anchorId, BLOCK, 3)).confirmed).toBe(anchor?.contextIds.length);
  // confirmed by the tree head: each index moved to its confirmed_contexts row, held there alone
  expect(await tlogLeavesOf(anchor?.contextIds ?? [])).toEqual(new Map());
  const placed = await db.confirmedContext.findMany({ where: { id: { in: ids } } });
  expect(new Map(placed.map((p) => [p.id, p.leafIndex]))).toEqual(indexes);
  const ref = await anchorRefOf(db, anchorId);
  expect(placed.every((p) => p.anchorRef === ref)).toBe(true);
  expect(await readLogIndexes(db, ids)).toEqual(indexes);
  for (const id of ids) {
    const context = await readContext(db, id);
    const index = indexes.get(id) as number;
    expect(context).toMatchObject({ status: "confirmed", leafIndex: index });
    expect(context.merkleProof).toEqual(hexNodes(proveInclusion(index, size, hashAt)));
    expect(() =>
      verifyInclusion(
        index,
        size,
        leafHash(bytesOfHex(context.entryHash as string)),
        context.merkleProof.map(bytesOfHex),
        checkpoint.rootHash,
      ),
    ).not.toThrow();
  }

  // the export's stream and the context.confirmed events carry the same
  const reader = { ...owner, scope: "all" as const };
  const exported = [];
  for await (const entry of streamAgentEntries(db, reader, { agentId: "head-agent" })) exported.push(entry);
  expect(exported.map((e) => [e.id, e.leafIndex, e.merkleProof])).toEqual(
    ids.map((id) => [id, indexes.get(id), hexNodes(proveInclusion(indexes.get(id) as number, size, hashAt))]),
  );
  const events = await db.outboxEvent.findMany({
    where: { contextId: { in: ids }, event: "context.confirmed" },
    orderBy: { id: "asc" },
  });
  const rendered = await renderPayloads(db, events);
  expect(rendered).toHaveLength(ids.length);
  for (const [i, event] of rendered.entries()) {
    const index = indexes.get(ids[i] as string) as number;
    expect(JSON.parse(event.payload).data.proof).toMatchObject({
      leaf_index: index,
      merkle_proof: hexNodes(proveInclusion(index, size, hashAt)),
      merkle_root: hexOf(checkpoint.rootHash),
      tree_size: size,
    });
  }
});

it("a context signed before receipts (EIP-191), though in the log, is anchored by its batch's own tree: no version 4 bundle carries it", async () => {
  const db = database.db;
  const owner = await seedUser(db);
  const [old, current] = await seedContexts(db, owner, {
    count: 2,
    signerPrivateKey: SIGNER,
    agentId: "eip191-agent",
  });
  await db.$executeRaw`UPDATE contexts SET signature_scheme = 'EIP-191' WHERE id = ${old as string}`;
  await sequenceTestLog(db);
  const head = await createAnchorBatch(db, TARGET, [old as string, current as string]);
  expect(head).toMatchObject({ contextIds: [current], treeSize: expect.any(Number) });
  const batch = await createAnchorBatch(db, TARGET, [old as string]);
  expect(batch).toMatchObject({ contextIds: [old], treeSize: null });
});
