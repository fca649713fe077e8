// Integration: real PostgreSQL (a fresh database). The sender's rows without a chain: queued batches
// and their postponement, signed transactions stored under the lease and then broadcast (announced
// once), a refused first transaction requeueing its batch, and a nonce gap refilled.

import { listInFlightAnchors, resignAnchors } from "../chain-identity/in-flight-nonces";
import { bytesOfHex, hexOf, withAnchorHexColumns } from "../hex-columns";
import { claimTestBatch, createTestDatabase, seedContexts, seedUser, type TestDatabase } from "../testing";
import { TEST_CONTEXT_SIGNER as SIGNER, TEST_ANCHOR_TARGET as TARGET } from "../testing/anchor-fixtures";
import {
  abandonTransactions,
  listQueuedAnchors,
  listUnbroadcastTransactions,
  markTransactionsBroadcast,
  nextStoredNonce,
  postponeAnchors,
  type SignedAnchorTransaction,
  storeSignedTransactions,
} from "./send-anchors";
import { acquireSignerLease, type SignerLease } from "./signer-lease";

const FROM = TARGET.signerAddress;
let t: TestDatabase;
let lease: SignerLease;
beforeAll(async () => {
  t = await createTestDatabase("ctxlog_send_anchors_test");
  lease = (await acquireSignerLease(t.db, FROM, "sender", 60_000)) as SignerLease;
});
afterAll(() => t.drop());

async function batchOf(count: number): Promise<{ anchorId: string; ids: string[] }> {
  const owner = await seedUser(t.db);
  const ids = await seedContexts(t.db, owner, { count, signerPrivateKey: SIGNER });
  const batch = await claimTestBatch(t.db, TARGET, ids);
  return { anchorId: batch?.anchorId as string, ids };
}

const signed = (anchorId: string, nonce: number, fill: string, fee = 2n): SignedAnchorTransaction => ({
  anchorId,
  hash: `0x${fill.repeat(32)}`,
  raw: `0x${fill}`,
  nonce,
  gasLimit: 60_000,
  maxFeePerGas: fee,
  maxPriorityFeePerGas: 1n,
});

const anchorRow = async (id: string) =>
  withAnchorHexColumns(await t.db.anchor.findUniqueOrThrow({ where: { id } }));

describe("sending anchors (PostgreSQL)", () => {
  it("a postponed batch waits out its delay, counting the attempt and keeping its first error", async () => {
    const { anchorId } = await batchOf(1);
    expect(await listQueuedAnchors(t.db, FROM, 10)).toEqual([
      expect.objectContaining({ id: anchorId, anchoredCount: 1, sendAttempts: 0, firstErrorAt: null }),
    ]);
    await postponeAnchors(t.db, [anchorId], "fee estimate failed", 60_000);
    expect(await listQueuedAnchors(t.db, FROM, 10)).toEqual([]);
    const first = await anchorRow(anchorId);
    expect(first).toMatchObject({ sendAttempts: 1, lastError: "fee estimate failed" });
    await postponeAnchors(t.db, [anchorId], "again", 0);
    const [again] = await listQueuedAnchors(t.db, FROM, 10);
    expect(again).toMatchObject({ id: anchorId, sendAttempts: 2, lastError: "again" });
    expect(again?.firstErrorAt).toEqual(first.firstErrorAt);
    expect(await listQueuedAnchors(t.db, "0x0000000000000000000000000000000000000001", 10)).toEqual([]);
  });

  it("stored transactions send their batch; broadcast once, they announce its contexts once", async () => {
    const [queued] = await listQueuedAnchors(t.db, FROM, 10);
    const anchorId = queued?.id as string;
    expect(await nextStoredNonce(t.db, FROM)).toBe(0);
    expect(await storeSignedTransactions(t.db, lease, [signed(anchorId, 0, "a1", 3n)], 41n)).toBe(true);
    expect(await anchorRow(anchorId)).toMatchObject({
      status: "sent",
      nonce: 0,
      transactionHash: `0x${"a1".repeat(32)}`,
    });
    expect(await nextStoredNonce(t.db, FROM)).toBe(1);
    const [unsent] = await listUnbroadcastTransactions(t.db, FROM, 10);
    expect(unsent).toMatchObject({
      hash: `0x${"a1".repeat(32)}`,
      rawTransaction: "0xa1",
      anchorId,
      nonce: 0,
    });
    expect(unsent?.createdAt).toBeInstanceOf(Date);
    const row = await t.db.anchorTransaction.findUniqueOrThrow({
      where: { hash: bytesOfHex(`0x${"a1".repeat(32)}`) },
    });
    expect(row).toMatchObject({
      status: "signed",
      broadcastBlock: 41n,
      gasLimit: 60_000,
      signerAddress: FROM,
    });
    expect(row.maxFeePerGas.toString()).toBe("3");

    expect(await markTransactionsBroadcast(t.db, [`0x${"a1".repeat(32)}`], 50n)).toEqual({
      createdEvents: 1,
    });
    expect(await markTransactionsBroadcast(t.db, [`0x${"a1".repeat(32)}`], 51n)).toEqual({
      createdEvents: 0,
    });
    expect(await listUnbroadcastTransactions(t.db, FROM, 10)).toEqual([]);
    expect(
      await t.db.anchorTransaction.findUniqueOrThrow({ where: { hash: bytesOfHex(`0x${"a1".repeat(32)}`) } }),
    ).toMatchObject({
      status: "broadcast",
      broadcastBlock: 41n,
    });
    expect((await anchorRow(anchorId)).sentAt).not.toBeNull();
    expect(await t.db.outboxEvent.count({ where: { event: "context.created" } })).toBe(1);
  });

  it("a refused first transaction is abandoned and its batch requeued; a refused replacement leaves its batch sent", async () => {
    const { anchorId } = await batchOf(2);
    await storeSignedTransactions(t.db, lease, [signed(anchorId, 1, "b1")], 60n);
    await abandonTransactions(t.db, [`0x${"b1".repeat(32)}`], "insufficient funds", 0);
    expect(await anchorRow(anchorId)).toMatchObject({
      status: "queued",
      nonce: null,
      transactionHash: null,
      sendAttempts: 1,
      lastError: "insufficient funds",
    });
    expect(await nextStoredNonce(t.db, FROM)).toBe(1);

    await storeSignedTransactions(t.db, lease, [signed(anchorId, 1, "b2")], 61n);
    await storeSignedTransactions(t.db, lease, [signed(anchorId, 1, "b3", 5n)], 62n); // a replacement
    await abandonTransactions(t.db, [`0x${"b3".repeat(32)}`], "replacement underpriced", 0);
    expect(await anchorRow(anchorId)).toMatchObject({ status: "sent", sendAttempts: 1 });
  });

  it("a nonce gap refill abandons a batch's live transactions and moves it to its new nonce", async () => {
    const [, refused] = await listInFlightAnchors(t.db, FROM);
    // another replacement: the batch's live transactions are b2 (fee 2, block 61) and b4 (fee 4)
    await storeSignedTransactions(t.db, lease, [signed(refused?.id as string, 1, "b4", 4n)], 63n);
    const inFlight = await listInFlightAnchors(t.db, FROM);
    expect(inFlight.map((a) => a.nonce)).toEqual([0, 1]);
    const second = inFlight[1];
    expect(second).toMatchObject({
      maxFeePerGas: 4n,
      maxPriorityFeePerGas: 1n,
      gasLimit: 60_000,
      broadcastAt: null,
    });
    expect(second?.broadcastBlock).toBe(61n);
    const anchorId = second?.id as string;
    expect(await resignAnchors(t.db, lease, [signed(anchorId, 7, "c1", 9n)], 70n)).toBe(true);
    expect(await anchorRow(anchorId)).toMatchObject({
      status: "sent",
      nonce: 7,
      transactionHash: `0x${"c1".repeat(32)}`,
    });
    const statuses = await t.db.anchorTransaction.findMany({
      where: { anchorId },
      select: { hash: true, status: true },
      orderBy: { createdAt: "asc" },
    });
    expect(Object.fromEntries(statuses.map((s) => [hexOf(s.hash).slice(2, 4), s.status]))).toEqual({
      b1: "abandoned",
      b2: "abandoned",
      b3: "abandoned",
      b4: "abandoned",
      c1: "signed",
    });
    expect((await listInFlightAnchors(t.db, FROM)).map((a) => [a.id, a.nonce, a.maxFeePerGas])).toEqual([
      [inFlight[0]?.id, 0, 3n],
      [anchorId, 7, 9n],
    ]);
    expect(await nextStoredNonce(t.db, FROM)).toBe(8);
  });
});
