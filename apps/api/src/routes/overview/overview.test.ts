// Integration: real PostgreSQL and Redis; every response is held to the OpenAPI document.
import { idFloor, newId } from "@ctxlog/core";
import { confirmContextsOfTestBatch } from "@ctxlog/db/testing";
import { bearer, createTestHarness, type TestHarness } from "../../testing/harness";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ WEBHOOK_ALLOW_INSECURE_URLS: "true" });
});
afterAll(() => h.close());

const context = { agent_id: "agent-1", context_data: { task: "overview" } };

describe("GET /v1/overview", () => {
  it("counts the user's contexts by status and per minute, the confirmation time, webhooks and the chain", async () => {
    const t = await h.tenant();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await h.request.post("/v1/contexts").set(bearer(t.keys.full)).send(context)).body.context_id);
    }
    // confirmed in two batches, 4 s and 10 s after they were received (a context's confirmation time
    // is its anchor's confirmation less its own receipt)
    const received = new Date(Date.now() - 20_000);
    const confirmIn = async (contextIds: string[], seconds: number) => {
      const anchorId = newId("anc");
      await h.db.$executeRaw`
        INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
          context_ids, status, confirmations, confirmed_at, updated_at)
        VALUES (${anchorId}, '0xs', 31337, 'anvil', '0xr', decode(repeat('ab', 32), 'hex'), ${contextIds.length}, ${contextIds}::text[],
          'confirmed', 3, ${new Date(received.getTime() + seconds * 1000)}, now())`;
      await h.db.$executeRaw`
        UPDATE contexts SET created_at = ${received} WHERE id = ANY(${contextIds}::text[])`;
      await confirmContextsOfTestBatch(h.db, anchorId);
    };
    await confirmIn(ids.slice(0, 2), 4);
    await confirmIn([ids[2] as string], 10);
    // an old context: counted by status, outside the last hour
    const old = new Date(Date.now() - 3 * 3_600_000);
    await h.db.$executeRaw`
      INSERT INTO contexts (id, user_id, api_key_id, agent_id, canonical_data,
        context_hash, signature, signer_address, network, created_at, estimated_confirmation, failed_at)
      SELECT ${idFloor("ctx", old).slice(0, 14)} || substr(id, 15), user_id, api_key_id, agent_id,
        canonical_data, context_hash, signature, signer_address, network, ${old}, ${old}, ${old}
      FROM contexts WHERE id = ${ids[3]}`;
    await h.db.chainStatus.create({
      data: {
        network: h.env.NETWORK_NAME,
        chainId: 31337,
        registryAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        headBlock: 1234n,
        blockTimeMs: 1000,
      },
    });
    const hook = await h.request
      .post("/v1/webhooks")
      .set(bearer(t.keys.full))
      .send({ url: "http://receiver.example/hooks", events: ["context.created"] });
    await h.db.webhook.update({ where: { id: hook.body.webhook_id }, data: { status: "failing" } });
    // degraded (an attempt failed, none spent its attempts): the spec's status says active, health degraded
    const shaky = await h.request
      .post("/v1/webhooks")
      .set(bearer(t.keys.full))
      .send({ url: "http://receiver.example/shaky", events: ["context.created"] });
    await h.db.webhook.update({ where: { id: shaky.body.webhook_id }, data: { status: "degraded" } });
    const shown = await h.request.get(`/v1/webhooks/${shaky.body.webhook_id}`).set(bearer(t.keys.full));
    expect(shown.body).toMatchObject({ status: "active", health: "degraded", disabled: false });
    // status `active` in the row, but disabled: counted as disabled, never as active
    const paused = await h.request
      .post("/v1/webhooks")
      .set(bearer(t.keys.full))
      .send({ url: "http://receiver.example/paused", events: ["context.created"] });
    await h.request
      .put(`/v1/webhooks/${paused.body.webhook_id}`)
      .set(bearer(t.keys.full))
      .send({ disabled: true });

    const s = await h.session(t.userId);
    const res = await s.agent.get("/v1/overview");
    expect(res.status).toBe(200);
    expect(res.body.contexts_by_status).toEqual({ pending: 1, confirmed: 3, failed: 1 });
    expect(res.body.contexts_per_minute).toHaveLength(60);
    const total = res.body.contexts_per_minute.reduce(
      (sum: number, m: { count: number }) => sum + m.count,
      0,
    );
    expect(total).toBe(4);
    const minutes = res.body.contexts_per_minute.map((m: { minute: string }) => Date.parse(m.minute));
    expect(minutes[59] - minutes[0]).toBe(59 * 60_000);
    expect(minutes[59]).toBeLessThanOrEqual(Date.now());
    expect(res.body.avg_confirmation_seconds).toBeCloseTo(6, 5);
    expect(res.body.chain).toMatchObject({
      network: h.env.NETWORK_NAME,
      chain_id: 31337,
      head_block: 1234,
      signer_address: h.deps.signer.address,
      anchor_address: null, // no chain worker has published its anchor key here
      anchor_balance_wei: null, // no RPC_URL in this harness
      batches_waiting: 0,
    });
    expect(res.body.webhooks_by_status).toEqual({ active: 1, failing: 1, disabled: 1 });
    expect(res.body.webhooks_by_health).toEqual({ active: 0, degraded: 1, failing: 1, disabled: 1 });
    expect(res.body.deliveries_failed_24h).toBe(0);

    // full and read-only keys may read it; public and restricted keys may not
    expect(
      (await h.request.get("/v1/overview").set(bearer(t.keys.read_only))).body.contexts_by_status.confirmed,
    ).toBe(3);
    for (const type of ["public", "restricted"] as const) {
      expect((await h.request.get("/v1/overview").set(bearer(t.keys[type]))).status).toBe(403);
    }
    // another user's overview knows nothing of these
    const other = await h.session(`usr-ov-${Date.now()}`);
    const empty = await other.agent.get("/v1/overview");
    expect(empty.body.contexts_by_status).toEqual({ pending: 0, confirmed: 0, failed: 0 });
    expect(empty.body.webhooks_by_status).toEqual({ active: 0, failing: 0, disabled: 0 });
    expect(empty.body.webhooks_by_health).toEqual({ active: 0, degraded: 0, failing: 0, disabled: 0 });
  });

  it("reads index ranges of contexts, never the whole table", async () => {
    const t = await h.tenant();
    await h.request.post("/v1/contexts").set(bearer(t.keys.full)).send(context);
    // many rows of another user, so the planner has a reason to choose
    await h.db.$executeRaw`
      INSERT INTO contexts (id, user_id, api_key_id, agent_id, canonical_data,
        context_hash, signature, signer_address, network, created_at, estimated_confirmation)
      SELECT ${newId("ctx").slice(0, 14)} || lpad(g::text, 16, '0'), user_id, api_key_id, agent_id,
        canonical_data, context_hash, signature, signer_address, network, now(), now()
      FROM contexts, generate_series(1, 20000) AS g WHERE user_id = ${t.userId}`;
    await h.db.$executeRawUnsafe("ANALYZE contexts");
    const other = await h.tenant();
    const plans = [
      await h.db.$queryRaw<
        { "QUERY PLAN": string }[]
      >`EXPLAIN SELECT date_trunc('minute', created_at), count(*)
        FROM contexts WHERE user_id = ${other.userId} AND id >= ${idFloor("ctx", new Date(Date.now() - 3_600_000))} GROUP BY 1`,
      await h.db.$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN SELECT s.status, count(*)
        FROM contexts AS c CROSS JOIN LATERAL ctxlog_context_status(c.id, c.failed_at) AS s
        WHERE c.user_id = ${other.userId} GROUP BY 1`,
    ];
    for (const plan of plans) {
      const text = plan.map((r: { "QUERY PLAN": string }) => r["QUERY PLAN"]).join("\n");
      expect(text).not.toMatch(/Seq Scan on contexts/);
    }
    const s = await h.session(t.userId);
    const res = await s.agent.get("/v1/overview");
    expect(res.body.contexts_by_status.confirmed).toBe(20000);
  });
});
