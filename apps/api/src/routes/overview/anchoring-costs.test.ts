// Integration: real PostgreSQL and Redis. GET /v1/anchoring/costs: what anchoring the caller's
// contexts cost, per UTC day and in total, each batch's gas and fee shared by its contexts.
import { newId } from "@ctxlog/core";
import { confirmContextsOfTestBatch } from "@ctxlog/db/testing";
import { bearer, createTestHarness, type TestHarness } from "../../testing/harness";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;
const GWEI = 1_000_000_000n;

async function post(key: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await h.request
      .post("/v1/contexts")
      .set(bearer(key))
      .send({ agent_id: "cost", context_data: { i } });
    expect(res.status).toBe(202);
    ids.push(res.body.context_id);
  }
  return ids;
}

/** A confirmed batch of these contexts, as the chain worker leaves one (gas price null: not recorded). */
async function confirmBatch(ids: string[], at: Date, gasUsed: number, gasPrice: bigint | null) {
  const anchorId = newId("anc");
  await h.db.$executeRaw`
    INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
      context_ids, status, gas_used, effective_gas_price, confirmations, confirmed_at, updated_at)
    VALUES (${anchorId}, '0xs', 31337, 'anvil', '0xr', decode(repeat('ab', 32), 'hex'), ${ids.length}, ${ids}::text[], 'confirmed',
      ${gasUsed}, ${gasPrice === null ? null : gasPrice.toString()}::numeric, 3, ${at}, now())`;
  expect(await confirmContextsOfTestBatch(h.db, anchorId)).toHaveLength(ids.length);
}

it("shares each batch's gas and fee over its contexts, per UTC day and in total, each account its own", async () => {
  const a = await h.tenant();
  const b = await h.tenant();
  const [a1, a2, a3] = await post(a.keys.full, 3);
  const [b1] = await post(b.keys.full, 1);
  const today = Math.floor(Date.now() / DAY) * DAY;
  // today: one batch of three (two of A's, one of B's), 30,000 gas at 2 gwei; yesterday: A's third
  // alone, 25,000 gas, its price not recorded (a batch anchored before it was)
  await confirmBatch([a1, a2, b1] as string[], new Date(today + 1_000), 30_000, 2n * GWEI);
  await confirmBatch([a3] as string[], new Date(today - 3_600_000), 25_000, null);
  const window = `since=${new Date(today - 2 * DAY).toISOString()}&until=${new Date(today + DAY).toISOString()}`;

  const mine = await h.request.get(`/v1/anchoring/costs?${window}`).set(bearer(a.keys.read_only)).expect(200);
  expect(mine.body.total).toEqual({
    contexts: 3,
    batches: 2,
    gas: "45000", // 2/3 of 30,000 and all of 25,000
    fee_wei: (20_000n * 2n * GWEI).toString(), // only the priced batch: 20,000 gas at 2 gwei
    priced_contexts: 2,
    gas_per_batch: 27_500,
    gas_per_context: 15_000,
    fee_per_batch_wei: (30_000n * 2n * GWEI).toString(),
    fee_per_context_wei: (10_000n * 2n * GWEI).toString(),
  });
  const day = (n: number) => new Date(today + n * DAY).toISOString().slice(0, 10);
  expect(mine.body.days.map((d: { day: string }) => d.day)).toEqual([day(-2), day(-1), day(0)]);
  expect(mine.body.days[0]).toMatchObject({
    contexts: 0,
    batches: 0,
    gas: "0",
    fee_wei: "0",
    gas_per_batch: null,
  });
  expect(mine.body.days[1]).toMatchObject({
    contexts: 1,
    gas: "25000",
    fee_wei: "0",
    priced_contexts: 0,
    fee_per_context_wei: null,
  });
  expect(mine.body.days[2]).toMatchObject({ contexts: 2, batches: 1, gas: "20000", gas_per_context: 10_000 });

  // B pays for its one context of the shared batch, and sees nothing of A's
  const theirs = await h.request.get(`/v1/anchoring/costs?${window}`).set(bearer(b.keys.full)).expect(200);
  expect(theirs.body.total).toMatchObject({
    contexts: 1,
    batches: 1,
    gas: "10000",
    fee_wei: (10_000n * 2n * GWEI).toString(),
    gas_per_batch: 30_000,
  });

  // the default window is the last 7 days, up to now: today's batch, confirmed a second past midnight
  const week = await h.request.get("/v1/anchoring/costs").set(bearer(a.keys.full)).expect(200);
  expect(Date.parse(week.body.until) - Date.parse(week.body.since)).toBe(7 * DAY);
  expect(week.body.days.length).toBeGreaterThanOrEqual(7);
  expect(week.body.total.contexts).toBe(3);
});

it("refuses a window that ends before it starts, or spans more than 31 days, and keys that may not read it", async () => {
  const t = await h.tenant();
  const get = (q: string, key = t.keys.full) => h.request.get(`/v1/anchoring/costs${q}`).set(bearer(key));
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  expect((await get(`?since=${iso(now)}&until=${iso(now)}`)).status).toBe(400);
  expect((await get(`?since=${iso(now - 32 * DAY)}&until=${iso(now)}`)).status).toBe(400);
  expect((await get("?since=yesterday")).status).toBe(400);
  expect((await get("?bucket=day")).status).toBe(400); // unknown parameters are refused (strict)
  expect((await get("", t.keys.public)).status).toBe(403);
  expect((await h.request.get("/v1/anchoring/costs")).status).toBe(401);
});
