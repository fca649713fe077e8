// Integration: real PostgreSQL (a fresh database). anchor-transitions.ts' statements walk an anchor
// batch through its lifecycle's table, and a transition the table lacks changes nothing.
import { ANCHOR_LIFECYCLE } from "@ctxlog/core";
import { withAnchorHexColumns } from "../hex-columns";
import { sqlOf } from "../sql-transaction";
import { claimTestBatch, createTestDatabase, seedContexts, seedUser } from "../testing";
import { TEST_CONTEXT_SIGNER as SIGNER, TEST_ANCHOR_TARGET as TARGET } from "../testing/anchor-fixtures";
import {
  confirmAnchorRowAt,
  failAnchorRowOf,
  mineAnchorRow,
  requeueAnchorRows,
  sendAnchorRows,
  unmineAnchorRow,
} from "./anchor-transitions";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_anchor_transitions_test");
});
afterAll(() => database.drop());

const hash = (n: number) => `0x${n.toString(16).padStart(2, "0").repeat(32)}`;
const BLOCK = hash(0xbb);

async function claimed(): Promise<string> {
  const owner = await seedUser(database.db);
  const ids = await seedContexts(database.db, owner, { count: 2, signerPrivateKey: SIGNER });
  const batch = await claimTestBatch(database.db, TARGET, ids);
  if (!batch) throw new Error("nothing claimed");
  return batch.anchorId;
}

const statusOf = async (id: string) =>
  (await database.db.anchor.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;

const mined = (anchorId: string, blockHash = BLOCK) => ({
  anchorId,
  transactionHash: hash(2),
  blockNumber: 7n,
  blockHash,
  blockTimestamp: new Date(),
  gasUsed: 50_000n,
  reverted: false,
});

describe("an anchor batch's transitions", () => {
  it("walk every edge of the table from claim to confirm, and refuse the others", async () => {
    const sql = sqlOf(database.db);
    const id = await claimed();
    const walked = new Set<string>();
    const step = async (edge: string, status: string) => {
      expect({ edge, status: await statusOf(id) }).toEqual({ edge, status });
      walked.add(edge);
    };
    await step("null claim", "queued");

    // refused from queued: nothing is written
    expect(await confirmAnchorRowAt(sql, id, BLOCK, 2)).toBeNull();
    expect(await unmineAnchorRow(sql, id, BLOCK)).toBe(false);
    expect(await requeueAnchorRows(sql, [id], { error: "x", delayMs: 0, countsAttempt: true })).toEqual([]);
    expect(await statusOf(id)).toBe("queued");

    await sendAnchorRows(sql, [{ anchorId: id, hash: hash(1), nonce: 3 }]);
    await step("queued send", "sent");
    // a replacement: the anchor's latest transaction, no change of status
    await sendAnchorRows(sql, [{ anchorId: id, hash: hash(2), nonce: 3 }]);
    expect(withAnchorHexColumns(await database.db.anchor.findUniqueOrThrow({ where: { id } }))).toMatchObject(
      {
        status: "sent",
        transactionHash: hash(2),
        nonce: 3,
      },
    );

    expect(await requeueAnchorRows(sql, [id], { error: "refused", delayMs: 0, countsAttempt: true })).toEqual(
      [id],
    );
    await step("sent requeue", "queued");
    expect(withAnchorHexColumns(await database.db.anchor.findUniqueOrThrow({ where: { id } }))).toMatchObject(
      {
        nonce: null,
        transactionHash: null,
        sendAttempts: 1,
        lastError: "refused",
      },
    );

    expect(await mineAnchorRow(sql, mined(id))).toBe(true);
    await step("queued mine", "mined");
    expect(await mineAnchorRow(sql, mined(id))).toBe(false);
    expect(await unmineAnchorRow(sql, id, hash(0xcc))).toBe(false);
    expect(await unmineAnchorRow(sql, id, BLOCK)).toBe(true);
    await step("mined unmine", "sent");
    expect(await mineAnchorRow(sql, mined(id))).toBe(true);
    await step("sent mine", "mined");

    expect(await confirmAnchorRowAt(sql, id, hash(0xcc), 2)).toBeNull();
    expect(await confirmAnchorRowAt(sql, id, BLOCK, 2)).toEqual({ id });
    await step("mined confirm", "confirmed");

    // final: nothing leads out
    expect(await failAnchorRowOf(sql, id, { reason: "rejected", error: "x" })).toBe(false);
    expect(await mineAnchorRow(sql, mined(id))).toBe(false);
    expect(await unmineAnchorRow(sql, id, BLOCK)).toBe(false);
    expect(await statusOf(id)).toBe("confirmed");

    // fail, from each state in flight
    const queued = await claimed();
    expect(await failAnchorRowOf(sql, queued, { reason: "rejected", error: "x" })).toBe(true);
    walked.add("queued fail");
    const sent = await claimed();
    await sendAnchorRows(sql, [{ anchorId: sent, hash: hash(3), nonce: 4 }]);
    expect(await failAnchorRowOf(sql, sent, { reason: "rpc_unavailable", error: "x" })).toBe(true);
    walked.add("sent fail");
    const minedOne = await claimed();
    expect(await mineAnchorRow(sql, mined(minedOne))).toBe(true);
    expect(await failAnchorRowOf(sql, minedOne, { reason: "reverted", error: "x" })).toBe(true);
    walked.add("mined fail");
    expect(await Promise.all([queued, sent, minedOne].map(statusOf))).toEqual(["failed", "failed", "failed"]);
    expect(await failAnchorRowOf(sql, queued, { reason: "rejected", error: "x" })).toBe(false);
    expect(await requeueAnchorRows(sql, [sent], { error: "x", delayMs: 0, countsAttempt: false })).toEqual(
      [],
    );

    expect([...walked].sort()).toEqual(ANCHOR_LIFECYCLE.transitions.map((t) => `${t.from} ${t.on}`).sort());
  });
});
