// Integration: real PostgreSQL (fresh database) and Redis (own prefix). Events recorded by the same
// repositories the workers use (recordEvent → fanOutEvents, disableWebhook), read through the API.
import {
  type ContextView,
  contextConfirmedData,
  contextCreatedData,
  contextFailedData,
  deliveryIdOf,
  type EventName,
  verificationCompletedData,
} from "@ctxlog/core";
import { disableWebhook, fanOutEvents, recordEvent } from "@ctxlog/db";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h.close();
});

const hex = (bytes: number, fill = "ab") => `0x${fill.repeat(bytes)}`;

/** A context as the chain worker sees it when each event is built (confirmed and failed variants). */
function contextView(over: Partial<ContextView> = {}): ContextView {
  return {
    id: "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
    agentId: "agent-1",
    transactionHash: hex(32),
    contextHash: hex(32, "cd"),
    signature: hex(65, "1b"),
    status: "pending",
    createdAt: new Date("2026-11-26T10:00:00.000Z"),
    estimatedConfirmation: new Date("2026-11-26T10:00:04.000Z"),
    contextData: { task: "x" },
    metadata: undefined,
    blockNumber: 120n,
    blockTimestamp: new Date("2026-11-26T10:00:03.000Z"),
    confirmations: 3,
    network: "anvil",
    gasUsed: 50_000n,
    confirmationTimeSeconds: 4,
    errorCode: null,
    errorMessage: null,
    errorDetails: null,
    retryPossible: null,
    failureReason: null,
    ...over,
  };
}

/** One real payload of each type, from the builders the producers call. */
function realData(event: Exclude<EventName, "webhook.disabled" | "context.erased">): Record<string, unknown> {
  switch (event) {
    case "context.created":
      return contextCreatedData(contextView());
    case "context.confirmed":
      return contextConfirmedData(contextView(), {
        proof: {
          leaf_index: 0,
          merkle_proof: [hex(32, "ef")],
          merkle_root: hex(32, "01"),
          chain_id: 31337,
          network: "anvil",
          registry_address: `0x${"Ab".repeat(20)}`,
        },
      });
    case "context.failed":
      return contextFailedData(
        contextView({
          transactionHash: null,
          errorCode: "BLOCKCHAIN_ERROR",
          errorMessage: "could not anchor",
          errorDetails: "nonce too low",
          retryPossible: true,
          failureReason: "rpc_unavailable",
        }),
      );
    case "verification.completed":
      return verificationCompletedData({
        id: "vrf_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
        transactionHash: hex(32),
        verified: true,
        agentId: "agent-1",
        contextHash: hex(32, "cd"),
        signatureValid: true,
        hashMatches: true,
        blockNumber: 120n,
        confirmations: 3,
        verificationTimeMs: 17,
        checks: [{ ok: true }],
      });
  }
}

async function webhookOf(tenant: Tenant, events: EventName[]) {
  const res = await h.request
    .post("/v1/webhooks")
    .set(bearer(tenant.keys.full))
    .send({ url: "https://example.com/hook", events });
  expect(res.status).toBe(201);
  return res.body.webhook_id as string;
}

const fanOut = async () => {
  while ((await fanOutEvents(h.db, { batchSize: 100 })).events > 0);
};

describe("GET /v1/events", () => {
  it("lists the user's events newest first with the sent envelope and each delivery; filters and pages", async () => {
    const t = await h.tenant();
    const other = await h.tenant();
    const hook = await webhookOf(t, ["context.created"]);
    const created = await recordEvent(h.db, {
      userId: t.userId,
      event: "context.created",
      data: realData("context.created"),
    });
    const failed = await recordEvent(h.db, {
      userId: t.userId,
      event: "context.failed",
      data: realData("context.failed"),
      timestamp: new Date(Date.now() + 60_000),
    });
    await recordEvent(h.db, {
      userId: other.userId,
      event: "context.created",
      data: realData("context.created"),
    });
    await fanOut();

    const list = (q = "", key = t.keys.full) => h.request.get(`/v1/events${q}`).set(bearer(key));
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.data.map((e: { event_id: string }) => e.event_id)).toEqual([failed.id, created.id]);
    const first = all.body.data[1];
    expect(first.type).toBe("context.created");
    expect(JSON.stringify(first.envelope)).toBe(created.payload); // the exact bytes that were signed
    // its one delivery, whose id is the event's (as dlv_)
    expect(await h.db.webhookDelivery.count({ where: { eventId: created.id } })).toBe(1);
    expect(first.deliveries).toEqual([
      { delivery_id: deliveryIdOf(created.id), webhook_id: hook, status: "pending" },
    ]);
    expect(all.body.data[0].deliveries).toEqual([]); // not subscribed

    const byType = await list("?type=context.failed");
    expect(byType.body.data.map((e: { event_id: string }) => e.event_id)).toEqual([failed.id]);
    const cut = new Date(Date.now() + 30_000).toISOString();
    expect(
      (await list(`?created_after=${cut}`)).body.data.map((e: { event_id: string }) => e.event_id),
    ).toEqual([failed.id]);
    expect(
      (await list(`?created_before=${cut}`)).body.data.map((e: { event_id: string }) => e.event_id),
    ).toEqual([created.id]);
    const page1 = await list("?limit=1");
    expect(page1.body.data).toHaveLength(1);
    const page2 = await list(`?limit=1&cursor=${page1.body.next_cursor}`);
    expect(page2.body.data[0].event_id).toBe(created.id);
    expect(page2.body.next_cursor).toBeNull();

    for (const bad of ["?type=context.nope", "?created_after=yesterday", "?cursor=xyz", "?limit=0"]) {
      const res = await list(bad);
      expect(res.status).toBe(400);
    }
  });

  it("is the user's own: another user's event is a 404, like an unknown or malformed id", async () => {
    const t = await h.tenant();
    const other = await h.tenant();
    const theirs = await recordEvent(h.db, {
      userId: other.userId,
      event: "context.created",
      data: realData("context.created"),
    });
    const mine = await recordEvent(h.db, {
      userId: t.userId,
      event: "context.created",
      data: realData("context.created"),
    });
    const get = (id: string) => h.request.get(`/v1/events/${id}`).set(bearer(t.keys.full));
    expect((await get(mine.id)).status).toBe(200);
    for (const id of [theirs.id, "evt_01JAZ0YQ8T9X2V3W4B5C6D7E8F", "nope"]) {
      const res = await get(id);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
    expect(
      (await h.request.get("/v1/events").set(bearer(other.keys.full))).body.data.map(
        (e: { event_id: string }) => e.event_id,
      ),
    ).toEqual([theirs.id]);
  });

  it("needs the manage-webhooks permission: a read-only key is refused, a dashboard session is not", async () => {
    const t = await h.tenant();
    for (const type of ["read_only", "public", "restricted"] as const) {
      const res = await h.request.get("/v1/events").set(bearer(t.keys[type]));
      expect(res.status).toBe(403);
    }
    const s = await h.session(t.userId);
    expect((await s.agent.get("/v1/events")).status).toBe(200);
  });
});

describe("GET /v1/event-types", () => {
  it("serves a JSON Schema per event that an independent validator holds real payloads to", async () => {
    const t = await h.tenant();
    const res = await h.request.get("/v1/event-types").set(bearer(t.keys.read_only));
    expect(res.status).toBe(200);
    const types = res.body.data as { type: EventName; schema: object; sample: unknown }[];
    expect(types.map((x) => x.type).sort()).toEqual(
      [
        "context.confirmed",
        "context.created",
        "context.erased",
        "context.failed",
        "verification.completed",
        "webhook.disabled",
      ].sort(),
    );

    // real payloads, as stored by the one writer of events
    const hook = await webhookOf(t, ["context.created"]);
    for (const event of [
      "context.created",
      "context.confirmed",
      "context.failed",
      "verification.completed",
    ] as const) {
      await recordEvent(h.db, { userId: t.userId, event, data: realData(event) });
    }
    // context.erased as its one producer writes it: a context's data erased
    const made = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .send({ agent_id: "agent-erased", context_data: { n: 1 } });
    await h.request.delete(`/v1/contexts/${made.body.context_id}/data`).set(bearer(t.keys.full)).expect(200);
    await h.db.webhook.update({
      where: { id: hook },
      data: { status: "failing", failingSince: new Date(0) },
    });
    expect(await disableWebhook(h.db, hook, "failing", { failingBefore: new Date() })).not.toBeNull();
    const stored = await h.db.outboxEvent.findMany({ where: { userId: t.userId } });
    expect(stored.map((e) => e.event).sort()).toEqual(types.map((x) => x.type).sort());

    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    for (const { type, schema, sample } of types) {
      const validate = ajv.compile(schema);
      const real = JSON.parse(stored.find((e) => e.event === type)?.payload ?? "null");
      expect({ type, ok: validate(real), errors: validate.errors }).toEqual({ type, ok: true, errors: null });
      expect({ type, ok: validate(sample) }).toEqual({ type, ok: true });
      // closed objects: a field the schema does not show is refused
      expect(validate({ ...real, data: { ...real.data, extra: 1 } })).toBe(false);
      expect(validate({ ...real, event: "context.other" })).toBe(false);
    }
  });
});
