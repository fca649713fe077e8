// Integration: real PostgreSQL (fresh database) and real Redis (own prefix). GET /v1/search finds
// each kind of record of the caller by id or hash, and nothing of another user's.
import { deliveryIdOf, newId } from "@ctxlog/core";
import { bytesOfHex, fanOutEvents, recordEvent, withHexColumns } from "@ctxlog/db";
import { bearer, createTestHarness, type TestHarness } from "../../testing/harness";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(() => h.close());

const hex = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
// a batch as the chain worker leaves it once sent: a context's transaction is its anchor's
const anchorRow = (id: string, transactionHash: string, contextIds: string[]) => ({
  id,
  signerAddress: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  chainId: 31337,
  network: "anvil",
  registryAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  merkleRoot: bytesOfHex(hex(1)),
  contextCount: contextIds.length,
  contextIds,
  transactionHash: bytesOfHex(transactionHash),
});

describe("GET /v1/search", () => {
  it("finds a context by id, context hash, entry hash and transaction hash; an agent, webhook, delivery and event by id", async () => {
    const t = await h.tenant();
    const other = await h.tenant();
    const created = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .send({ agent_id: "finder-1", context_data: { q: 1 } });
    expect(created.status).toBe(202);
    const contextId = created.body.context_id as string;
    // as the chain worker leaves a confirmed context: its entry hash and transaction
    await h.db.context.update({ where: { id: contextId }, data: { entryHash: bytesOfHex(hex(7)) } });
    await h.db.anchor.create({ data: anchorRow(newId("anc"), hex(9), [contextId]) });
    const row = withHexColumns(await h.db.context.findUniqueOrThrow({ where: { id: contextId } }));
    const webhookOf = () =>
      h.request
        .post("/v1/webhooks")
        .set(bearer(t.keys.full))
        .send({ url: "https://example.com/hook", events: ["context.created"] });
    // three webhooks receive the event; one is deleted once it has its delivery
    const hook = await webhookOf();
    const sibling = await webhookOf();
    const deleted = await webhookOf();
    await recordEvent(h.db, { userId: t.userId, event: "context.created", data: { n: 1 } });
    while ((await fanOutEvents(h.db, { batchSize: 100 })).events > 0);
    expect(
      (await h.request.delete(`/v1/webhooks/${deleted.body.webhook_id}`).set(bearer(t.keys.full))).status,
    ).toBe(200);
    const delivery = await h.db.webhookDelivery.findFirstOrThrow({
      where: { webhook: { id: hook.body.webhook_id } },
    });
    // a delivery's id is its event's: the same at each webhook the event went to
    const deliveryId = deliveryIdOf(delivery.eventId);

    const search = (q: string, key = t.keys.full) =>
      h.request.get(`/v1/search?q=${encodeURIComponent(q)}`).set(bearer(key));
    const found = async (q: string) => (await search(q)).body.results;
    expect(await found(contextId)).toEqual([
      { kind: "context", id: contextId, matched: "context_id", webhook_id: null, context_id: null },
    ]);
    expect(await found(row.contextHash.toUpperCase().replace("0X", "0x"))).toEqual([
      { kind: "context", id: contextId, matched: "context_hash", webhook_id: null, context_id: null },
    ]);
    expect(await found(hex(7))).toEqual([
      { kind: "context", id: contextId, matched: "entry_hash", webhook_id: null, context_id: null },
    ]);
    expect(await found(hex(9))).toEqual([
      { kind: "context", id: contextId, matched: "transaction_hash", webhook_id: null, context_id: null },
    ]);
    expect(await found("finder-1")).toEqual([
      { kind: "agent", id: "finder-1", matched: "agent_id", webhook_id: null, context_id: null },
    ]);
    expect(await found(hook.body.webhook_id)).toEqual([
      {
        kind: "webhook",
        id: hook.body.webhook_id,
        matched: "webhook_id",
        webhook_id: null,
        context_id: null,
      },
    ]);
    // found at each of the user's live webhooks (in no particular order), not at the deleted one
    const byWebhook = (a: { webhook_id: string }, b: { webhook_id: string }) =>
      a.webhook_id < b.webhook_id ? -1 : a.webhook_id > b.webhook_id ? 1 : 0;
    expect((await found(deliveryId)).sort(byWebhook)).toEqual(
      [hook.body.webhook_id as string, sibling.body.webhook_id as string].sort().map((webhookId) => ({
        kind: "delivery",
        id: deliveryId,
        matched: "delivery_id",
        webhook_id: webhookId,
        context_id: null,
      })),
    );
    expect(await found(delivery.eventId)).toEqual([
      { kind: "event", id: delivery.eventId, matched: "event_id", webhook_id: null, context_id: null },
    ]);
    expect(await found("nothing-here")).toEqual([]);

    // another user finds none of it; keys without webhooks:manage may not search
    for (const q of [contextId, row.contextHash, hex(9), "finder-1", hook.body.webhook_id, deliveryId]) {
      expect((await search(q, other.keys.full)).body.results).toEqual([]);
    }
    expect((await search(contextId, t.keys.read_only)).status).toBe(403);
    expect((await search("")).status).toBe(400);
  });

  it("finds agents by the start of their id (case aside), a trace by its id and a verification by id", async () => {
    const t = await h.tenant();
    const other = await h.tenant();
    const ids: Record<string, string> = {};
    for (const agent of ["planner", "Planner-eu", "planner-us", "support-bot"]) {
      const res = await h.request
        .post("/v1/contexts")
        .set(bearer(t.keys.full))
        .send({ agent_id: agent, context_data: { agent } });
      expect(res.status).toBe(202);
      ids[agent] = res.body.context_id;
    }
    // as the OTLP receiver leaves a trace of two spans, and as a verification is stored
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const [first, second] = [ids.planner, ids["planner-us"]].sort() as [string, string];
    await h.db.otelSpan.createMany({
      data: [
        { userId: t.userId, traceId, spanId: "00f067aa0ba902b7", contextId: second },
        { userId: t.userId, traceId, spanId: "00f067aa0ba902b8", contextId: first },
      ],
    });
    const verificationId = newId("vrf");
    await h.db.verification.create({
      data: {
        id: verificationId,
        userId: t.userId,
        apiKeyId: t.keyIds.full,
        contextId: first,
        verified: true,
        agentId: "planner",
        contextHash: bytesOfHex(hex(3)),
        signatureValid: true,
        hashMatches: true,
        verificationTimeMs: 4,
        checks: [],
      },
    });
    const search = async (q: string, key = t.keys.full) =>
      (await h.request.get(`/v1/search?q=${encodeURIComponent(q)}`).set(bearer(key))).body.results;
    const agent = (id: string, matched = "agent_id_prefix") => ({
      kind: "agent",
      id,
      matched,
      webhook_id: null,
      context_id: null,
    });

    // the agent named exactly first, then those that start like it, case aside
    expect(await search("planner")).toEqual([
      agent("planner", "agent_id"),
      agent("Planner-eu"),
      agent("planner-us"),
    ]);
    expect(await search("PLANNER-")).toEqual([agent("Planner-eu"), agent("planner-us")]);
    expect(await search("sup")).toEqual([agent("support-bot")]);
    expect(await search("bot")).toEqual([]);
    // a trace id in either case: the trace, with its first context (whose page shows the trace)
    expect(await search(traceId.toUpperCase())).toEqual([
      { kind: "trace", id: traceId, matched: "trace_id", webhook_id: null, context_id: first },
    ]);
    expect(await search(verificationId)).toEqual([
      {
        kind: "verification",
        id: verificationId,
        matched: "verification_id",
        webhook_id: null,
        context_id: null,
      },
    ]);
    for (const q of ["planner", "plan", traceId, verificationId]) {
      expect(await search(q, other.keys.full)).toEqual([]);
    }
  });

  it("uses the indexes: a hash lookup probes its index, never scans the user's contexts", async () => {
    const t = await h.tenant();
    await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .send({ agent_id: "bulk", context_data: { n: 0 } });
    // many rows of the same user, each with its own hashes, so the planner has a reason to choose
    await h.db.$executeRaw`
      INSERT INTO contexts (id, user_id, api_key_id, agent_id, canonical_data,
        context_hash, entry_hash, signature, signer_address, network, created_at, estimated_confirmation)
      SELECT ${newId("ctx").slice(0, 14)} || lpad(g::text, 16, '0'), user_id, api_key_id, agent_id,
        canonical_data, ctxlog_unhex(lpad(to_hex(g), 64, '0')), ctxlog_unhex(lpad(to_hex(g + 1000000), 64, '0')),
        signature, signer_address, network, now(), now()
      FROM contexts, generate_series(1, 20000) AS g WHERE user_id = ${t.userId}`;
    // and batches of 100 of them, each with its transaction
    await h.db.$executeRaw`
      INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
        transaction_hash, status, updated_at)
      SELECT ${newId("anc").slice(0, 14)} || lpad(g::text, 16, '0'), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        31337, 'anvil', '0x5FbDB2315678afecb367f032d93F642f64180aa3', ctxlog_unhex(lpad(to_hex(g), 64, '0')), 100,
        ctxlog_unhex(lpad(to_hex(g + 2000000), 64, '0')), 'confirmed', now()
      FROM generate_series(1, 200) AS g`;
    await h.db.$executeRawUnsafe("ANALYZE anchors");
    await h.db.$executeRawUnsafe("ANALYZE contexts");
    const indexes: Record<string, RegExp> = {
      context_hash: /contexts_context_hash_idx/,
      entry_hash: /contexts_entry_hash_idx/,
    };
    for (const [column, index] of Object.entries(indexes)) {
      const plan = await h.db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN SELECT id FROM contexts WHERE ${column} = $1 AND user_id = $2 ORDER BY id LIMIT 20`,
        hex(5000),
        t.userId,
      );
      expect(plan.map((p) => p["QUERY PLAN"]).join("\n")).toMatch(index);
    }
    const byTransaction = await h.db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      "EXPLAIN SELECT context_ids FROM anchors WHERE transaction_hash = $1 LIMIT 20",
      hex(2000050),
    );
    expect(byTransaction.map((p) => p["QUERY PLAN"]).join("\n")).toMatch(/anchors_transaction_hash_idx/);
    const res = await h.request.get(`/v1/search?q=${hex(5000)}`).set(bearer(t.keys.full));
    expect(res.body.results).toHaveLength(1);
  });
});
