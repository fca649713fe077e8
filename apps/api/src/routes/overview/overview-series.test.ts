// Integration: real PostgreSQL and Redis. GET /v1/overview/series over a chosen window: contexts
// received per bucket, and the confirmation time's p50/p95 of those confirmed in it.
import { newId } from "@ctxlog/core";
import { confirmContextsOfTestBatch } from "@ctxlog/db/testing";
import { bearer, createTestHarness, type TestHarness } from "../../testing/harness";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(() => h.close());

const HOUR = 3_600_000;

it("buckets contexts and the confirmation time's p50/p95 over the window asked for", async () => {
  const t = await h.tenant();
  for (let i = 0; i < 4; i++) {
    const res = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .send({ agent_id: "s", context_data: { i } });
    expect(res.status).toBe(202);
  }
  const rows = await h.db.context.findMany({ where: { userId: t.userId }, orderBy: { id: "asc" } });
  const now = Date.now();
  // confirmed 1, 2, 3 and 10 s after they came: p50 2.5 s, p95 8.95 s (a context's confirmation
  // time is its anchor's confirmation less its own receipt)
  for (const [i, seconds] of [1, 2, 3, 10].entries()) {
    const row = rows[i] as (typeof rows)[number];
    const anchorId = newId("anc");
    await h.db.$executeRaw`
      INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
        context_ids, status, confirmations, confirmed_at, updated_at)
      VALUES (${anchorId}, '0xs', 31337, 'anvil', '0xr', decode(repeat('ab', 32), 'hex'), 1, ${[row.id]}::text[], 'confirmed', 3,
        ${new Date(now)}, now())`;
    await h.db.$executeRaw`
      UPDATE contexts SET created_at = ${new Date(now - seconds * 1000)} WHERE id = ${row.id}`;
    await confirmContextsOfTestBatch(h.db, anchorId);
  }
  const get = (q: string) => h.request.get(`/v1/overview/series${q}`).set(bearer(t.keys.read_only));
  const hour = await get("");
  expect(hour.status).toBe(200);
  expect(hour.body.bucket_seconds).toBe(60);
  const filled = hour.body.points.filter((p: { received: number }) => p.received > 0);
  expect(filled.reduce((n: number, p: { received: number }) => n + p.received, 0)).toBe(4);
  const confirmed = hour.body.points.find((p: { confirmed: number }) => p.confirmed > 0);
  expect(confirmed).toMatchObject({ confirmed: 4, p50_seconds: 2.5 });
  expect(confirmed.p95_seconds).toBeCloseTo(8.95, 5);

  const since = new Date(now - 7 * 24 * HOUR).toISOString();
  const week = await get(`?since=${since}&until=${new Date(now + 60_000).toISOString()}`);
  expect(week.body.bucket_seconds).toBe(3 * 3600);
  expect(week.body.points.reduce((n: number, p: { received: number }) => n + p.received, 0)).toBe(4);

  // an hour that ended before the contexts came holds none
  const earlier = await get(
    `?since=${new Date(now - 3 * HOUR).toISOString()}&until=${new Date(now - 2 * HOUR).toISOString()}`,
  );
  expect(earlier.body.points.every((p: { received: number }) => p.received === 0)).toBe(true);

  expect((await get(`?since=${since}&until=${since}`)).status).toBe(400);
  expect((await h.request.get("/v1/overview/series").set(bearer(t.keys.public))).status).toBe(403);
});
