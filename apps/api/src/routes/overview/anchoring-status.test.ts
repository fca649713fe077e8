// Integration: real PostgreSQL. The overview's `anchoring` comes from the chain worker's row
// (anchoring_health) checked against the oldest pending context now.
import { newId } from "@ctxlog/core";
import { saveAnchoringHealth } from "@ctxlog/db";
import { bearer, createTestHarness, type TestHarness } from "../../testing/harness";
import { readAnchoringStatus } from "./anchoring-status";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(() => h.close());

describe("GET /v1/overview: anchoring", () => {
  it("unknown, stalled without a worker, ok, stalled with the worker's last error, wrong chain", async () => {
    const t = await h.tenant();
    const overview = async () =>
      (await h.request.get("/v1/overview").set(bearer(t.keys.full)).expect(200)).body.anchoring;
    const network = h.env.NETWORK_NAME;

    const posted = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .send({ agent_id: "a", context_data: {} });
    expect(await overview()).toMatchObject({ state: "unknown", reason: null, threshold_seconds: 60 });

    // five minutes pending, and no chain worker ever reported
    await h.db.context.update({
      where: { id: posted.body.context_id },
      data: { createdAt: new Date(Date.now() - 300_000) },
    });
    const silent = await overview();
    expect(silent).toMatchObject({ state: "stalled", reported_at: null });
    expect(silent.behind_seconds).toBeGreaterThanOrEqual(300);
    expect(silent.reason).toMatch(/No chain worker has reported/);

    // a worker reporting a higher threshold (slow chain): not a stall yet
    const report = {
      network,
      state: "ok" as const,
      lastError: "track: HTTP request failed (timeout)",
      lastErrorAt: new Date(),
      oldestPendingAt: new Date(Date.now() - 300_000),
      thresholdSeconds: 600,
    };
    await saveAnchoringHealth(h.db, report);
    expect(await overview()).toMatchObject({ state: "ok", reason: null, threshold_seconds: 600 });

    await saveAnchoringHealth(h.db, { ...report, state: "stalled", thresholdSeconds: 60 });
    expect(await overview()).toMatchObject({
      state: "stalled",
      threshold_seconds: 60,
      reason: "track: HTTP request failed (timeout)",
    });

    const refusal =
      "RPC_URL serves chain 31337 (genesis 0xb…), but this database anchors on chain 31337 (genesis 0xa…)";
    await saveAnchoringHealth(h.db, { ...report, state: "wrong_chain", lastError: refusal });
    expect(await overview()).toMatchObject({ state: "wrong_chain", reason: refusal });

    // everything confirmed: ok, whatever the last error was
    await h.db.pendingContext.deleteMany({ where: { userId: t.userId } });
    await saveAnchoringHealth(h.db, { ...report, state: "ok", thresholdSeconds: 60 });
    expect(await overview()).toMatchObject({ state: "ok", behind_seconds: 0 });
  });

  it("a fraction of a second past the threshold is a stall, as the chain worker decides it", async () => {
    const t = await h.tenant();
    const network = h.env.NETWORK_NAME;
    const posted = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .send({ agent_id: "a", context_data: {} });
    const now = Date.now() + 3_600_000; // past every other test's contexts: this one is the oldest pending
    await h.db.context.update({
      where: { id: posted.body.context_id },
      data: { createdAt: new Date(now - 6_400) },
    });
    // every other pending context of this database confirmed: out of the queue, so this one heads it
    await h.db.pendingContext.deleteMany({ where: { NOT: { id: posted.body.context_id } } });
    await saveAnchoringHealth(h.db, {
      network,
      state: "stalled",
      lastError: "send: The request took too long to respond.",
      lastErrorAt: new Date(),
      oldestPendingAt: new Date(now - 6_400),
      thresholdSeconds: 6,
    });
    // 6.4 s rounds to 6: shown as 6 s behind, and still a stall
    expect(await readAnchoringStatus(h.db, network, now)).toMatchObject({
      state: "stalled",
      behind_seconds: 6,
    });
    expect(await readAnchoringStatus(h.db, network, now - 400)).toMatchObject({
      state: "ok",
      behind_seconds: 6,
    });
  });

  it("GET /v1/anchoring/status is the overview's anchoring alone, for the same keys", async () => {
    const t = await h.tenant();
    await h.db.pendingContext.deleteMany({});
    await saveAnchoringHealth(h.db, {
      network: h.env.NETWORK_NAME,
      state: "stalled",
      lastError: "send: nonce too low",
      lastErrorAt: new Date(),
      oldestPendingAt: null,
      thresholdSeconds: 90,
    });
    const status = await h.request.get("/v1/anchoring/status").set(bearer(t.keys.read_only)).expect(200);
    const overview = await h.request.get("/v1/overview").set(bearer(t.keys.full)).expect(200);
    // nothing pending: the worker's stall is over (behind 0), as the overview says too
    expect(status.body).toEqual(overview.body.anchoring);
    expect(status.body).toMatchObject({ state: "ok", behind_seconds: 0, threshold_seconds: 90 });
    expect((await h.request.get("/v1/anchoring/status").set(bearer(t.keys.public))).status).toBe(403);
    expect((await h.request.get("/v1/anchoring/status")).status).toBe(401);
  });

  // last in this file: the failed batch it writes would read as failing in the tests above
  it("failing once the newest batch to end failed, until a batch confirms again; the last confirmed time", async () => {
    const t = await h.tenant();
    await h.db.pendingContext.deleteMany({});
    const network = h.env.NETWORK_NAME;
    await saveAnchoringHealth(h.db, {
      network,
      state: "ok",
      lastError: null,
      lastErrorAt: null,
      oldestPendingAt: null,
      thresholdSeconds: 60,
    });
    const anchor = async (status: "confirmed" | "failed", at: Date) => {
      const id = newId("anc");
      await h.db.$executeRaw`
        INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
          status, failure_reason, confirmed_at, failed_at, created_at, updated_at)
        VALUES (${id}, '0xs', 31337, 'anvil', '0xr', decode(repeat('ab', 32), 'hex'), 1, ${status}::"AnchorStatus",
          ${status === "failed" ? "insufficient_gas" : null}, ${status === "confirmed" ? at : null},
          ${status === "failed" ? at : null}, ${at}, now())`;
    };
    const overview = async () =>
      (await h.request.get("/v1/overview").set(bearer(t.keys.read_only)).expect(200)).body.anchoring;
    const now = Date.now();
    await anchor("confirmed", new Date(now - 60_000));
    expect(await overview()).toMatchObject({
      state: "ok",
      last_anchored_at: new Date(now - 60_000).toISOString(),
    });

    await anchor("failed", new Date(now - 30_000));
    const failing = await overview();
    expect(failing).toMatchObject({
      state: "failing",
      last_anchored_at: new Date(now - 60_000).toISOString(),
    });
    expect(failing.reason).toContain("insufficient_gas");

    await anchor("confirmed", new Date(now - 10_000));
    expect(await overview()).toMatchObject({ state: "ok", reason: null });
  });
});
