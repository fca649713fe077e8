// Integration: real PostgreSQL (a fresh database). What anchoring costs, through the statements
// the chain worker runs: a batch mined with its receipt's gas price keeps it (cleared if its block
// is reorged away), its contexts show their batch's size and price, and a user's cost is their
// contexts' even share of each batch's gas and fee.
import { confirmAnchor } from "../anchors/confirm-anchor";
import { failAnchor, recordAnchorMined, unmineAnchor } from "../anchors/track-anchors";
import { claimTestBatch, createTestDatabase, readContext, seedContexts, seedUser } from "../testing";
import { TEST_CONTEXT_SIGNER as SIGNER, TEST_ANCHOR_TARGET as TARGET } from "../testing/anchor-fixtures";
import { readAnchoringCosts, readLastAnchors, utcDays } from "./anchoring-costs";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_anchoring_costs_test");
});
afterAll(() => database.drop());

const GWEI = 1_000_000_000n;
const BLOCK = `0x${"bb".repeat(32)}`;

async function batchOf(ids: string[]): Promise<string> {
  const batch = await claimTestBatch(database.db, TARGET, ids);
  if (!batch) throw new Error("nothing claimed");
  return batch.anchorId;
}

const mine = (anchorId: string, gasUsed: bigint, effectiveGasPrice?: bigint) =>
  recordAnchorMined(database.db, {
    anchorId,
    transactionHash: `0x${"ab".repeat(32)}`,
    blockNumber: 7n,
    blockHash: BLOCK,
    blockTimestamp: new Date(),
    gasUsed,
    effectiveGasPrice,
    reverted: false,
  });

const priceOf = async (anchorId: string) =>
  (await database.db.anchor.findUniqueOrThrow({ where: { id: anchorId } })).effectiveGasPrice?.toFixed() ??
  null;

it("keeps a batch's gas price from its receipt, and shares each batch's gas and fee over its contexts", async () => {
  const db = database.db;
  const a = await seedUser(db);
  const b = await seedUser(db);
  const [a1, a2, a3] = await seedContexts(db, a, { count: 3, signerPrivateKey: SIGNER });
  const [b1] = await seedContexts(db, b, { count: 1, signerPrivateKey: SIGNER });

  const shared = await batchOf([a1, a2, b1] as string[]);
  expect(await mine(shared, 30_000n, 3n * GWEI)).toBe(true);
  expect(await priceOf(shared)).toBe((3n * GWEI).toString());
  // its block reorged away: the price goes with it, and comes back with the next block's receipt
  expect(await unmineAnchor(db, shared, BLOCK)).toBe(true);
  expect(await priceOf(shared)).toBeNull();
  expect(await mine(shared, 30_000n, 3n * GWEI)).toBe(true);
  expect((await confirmAnchor(db, shared, BLOCK, 3)).confirmed).toBe(3);

  // a receipt without a price (a node that leaves it out): the fee is unknown, not zero
  const alone = await batchOf([a3] as string[]);
  expect(await mine(alone, 25_000n)).toBe(true);
  expect((await confirmAnchor(db, alone, BLOCK, 3)).confirmed).toBe(1);

  expect(await readContext(db, a1 as string)).toMatchObject({
    gasUsed: 30_000n,
    gasPriceWei: 3n * GWEI,
    batchSize: 3,
  });
  expect(await readContext(db, a3 as string)).toMatchObject({
    gasUsed: 25_000n,
    gasPriceWei: null,
    batchSize: 1,
  });

  const window = { since: new Date(Date.now() - 3_600_000), until: new Date(Date.now() + 60_000) };
  const costs = await readAnchoringCosts(db, a.userId, window);
  expect(costs.total).toEqual({
    contexts: 3,
    batches: 2,
    batchGas: 55_000n,
    gas: 45_000n,
    pricedBatches: 1,
    pricedContexts: 2,
    batchFeeWei: 30_000n * 3n * GWEI,
    feeWei: 20_000n * 3n * GWEI,
  });
  expect(costs.days.map((d) => d.day)).toEqual(utcDays(window.since, window.until));
  expect(costs.days.reduce((n, d) => n + d.contexts, 0)).toBe(3);

  const theirs = await readAnchoringCosts(db, b.userId, window);
  expect(theirs.total).toMatchObject({ contexts: 1, batches: 1, gas: 10_000n, feeWei: 10_000n * 3n * GWEI });
  // a window before any of it holds nothing
  const before = { since: new Date(Date.now() - 7_200_000), until: new Date(Date.now() - 3_600_000) };
  expect((await readAnchoringCosts(db, a.userId, before)).total.contexts).toBe(0);
});

it("the last confirmed batch, and the last failed one with its reason", async () => {
  const db = database.db;
  const before = await readLastAnchors(db);
  expect(before.confirmedAt).toBeInstanceOf(Date); // the first test's
  expect(before).toMatchObject({ failedAt: null, failureReason: null });

  const owner = await seedUser(db);
  const [c] = await seedContexts(db, owner, { count: 1, signerPrivateKey: SIGNER });
  const doomed = await batchOf([c] as string[]);
  await failAnchor(db, doomed, {
    reason: "insufficient_gas",
    message: "the anchor key cannot pay",
    details: "test",
    retryPossible: true,
  });
  const after = await readLastAnchors(db);
  expect(after.failureReason).toBe("insufficient_gas");
  expect(after.failedAt?.getTime()).toBeGreaterThanOrEqual(before.confirmedAt?.getTime() ?? 0);
});

it("counts every UTC day a window touches", () => {
  expect(utcDays(new Date("2026-11-27T23:00:00Z"), new Date("2026-11-29T00:00:00Z"))).toEqual([
    "2026-11-27",
    "2026-11-28",
  ]);
  expect(utcDays(new Date("2026-11-29T10:00:00Z"), new Date("2026-11-29T10:00:01Z"))).toEqual(["2026-11-29"]);
});
