// Integration: real PostgreSQL (fresh database) and real Redis (own prefix). rate_limit, enabling a
// disabled webhook and POST /v1/webhooks/:id/recover through the API; delivery rows are produced by
// the repositories the webhook worker uses (recordEvent → fanOutEvents → recordAttempts).
import { type DeliveryKey, deliveryKeyText } from "@ctxlog/core";
import { disableWebhook, fanOutEvents, recordAttempts, recordEvent } from "@ctxlog/db";
import { deliveryRowOf } from "@ctxlog/db/testing";
import { Queue } from "bullmq";
import { bearer, createTestHarness, REDIS_URL, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let queue: Queue;

beforeAll(async () => {
  h = await createTestHarness();
  queue = new Queue("webhook-deliveries", { connection: { url: REDIS_URL } as never, prefix: h.prefix });
});
afterAll(async () => {
  await queue.close();
  await h.close();
});

async function webhookOf(tenant: Tenant, body: Record<string, unknown> = {}) {
  const res = await h.request
    .post("/v1/webhooks")
    .set(bearer(tenant.keys.full))
    .send({ url: "https://example.com/hook", events: ["context.created"], ...body });
  expect(res.status).toBe(201);
  return res.body as { webhook_id: string; rate_limit: number | null; disabled: boolean };
}

async function delivery(tenant: Tenant, webhookId: string) {
  const event = await recordEvent(h.db, { userId: tenant.userId, event: "context.created", data: {} });
  while ((await fanOutEvents(h.db, { batchSize: 100 })).events > 0);
  // the row names its webhook by ref; its key's webhook id is read through the relation
  const { webhook, ...row } = await h.db.webhookDelivery.findFirstOrThrow({
    where: { webhook: { id: webhookId }, eventId: event.id },
    include: { webhook: { select: { id: true } } },
  });
  return { ...row, webhookId: webhook.id };
}

async function failAll({ eventId, webhookId }: DeliveryKey) {
  for (let i = 0; i < 5; i++) {
    const now = new Date();
    await recordAttempts(
      h.db,
      [
        {
          eventId,
          webhookId,
          cycle: 1,
          attemptedAt: now,
          finishedAt: now,
          durationMs: 3,
          responseStatus: 503,
          error: "HTTP 503",
          succeeded: false,
        },
      ],
      [1, 1, 1, 1],
    );
  }
}

describe("rate_limit and disabled on the webhook record", () => {
  it("is set on create, changed or removed on update, and shown", async () => {
    const t = await h.tenant();
    const created = await webhookOf(t, { rate_limit: 5 });
    expect(created).toMatchObject({
      rate_limit: 5,
      disabled: false,
      disabled_at: null,
      disabled_reason: null,
    });
    const put = (body: object) =>
      h.request.put(`/v1/webhooks/${created.webhook_id}`).set(bearer(t.keys.full)).send(body);
    expect((await put({ rate_limit: 50 })).body.rate_limit).toBe(50);
    expect((await put({ rate_limit: null })).body.rate_limit).toBeNull();
    for (const bad of [{ rate_limit: 0 }, { rate_limit: 1.5 }, { rate_limit: "5" }, { disabled: "no" }]) {
      expect((await put(bad)).status).toBe(400);
    }
    const refused = await h.request
      .post("/v1/webhooks")
      .set(bearer(t.keys.full))
      .send({ url: "https://example.com/x", events: ["context.created"], rate_limit: -1 });
    expect(refused.status).toBe(400);
  });

  it('shows a disabled webhook as status "disabled", never "active", until PUT {"disabled": false}', async () => {
    const t = await h.tenant();
    const { webhook_id } = await webhookOf(t);
    await h.db.webhook.update({
      where: { id: webhook_id },
      data: { status: "failing", failingSince: new Date(0) },
    });
    await disableWebhook(h.db, webhook_id, "failing", { failingBefore: new Date() });
    const get = await h.request.get(`/v1/webhooks/${webhook_id}`).set(bearer(t.keys.full));
    expect(get.body).toMatchObject({ status: "disabled", disabled: true, disabled_reason: "failing" });
    expect(Date.parse(get.body.disabled_at)).toBeGreaterThan(Date.now() - 60_000);

    const enabled = await h.request
      .put(`/v1/webhooks/${webhook_id}`)
      .set(bearer(t.keys.full))
      .send({ disabled: false });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({
      status: "failing",
      disabled: false,
      disabled_at: null,
      disabled_reason: null,
    });
    // the disable-after rule counts afresh from the enabling
    const row = await h.db.webhook.findUniqueOrThrow({ where: { id: webhook_id } });
    expect(row.failingSince?.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const manual = await h.request
      .put(`/v1/webhooks/${webhook_id}`)
      .set(bearer(t.keys.full))
      .send({ disabled: true });
    expect(manual.body).toMatchObject({ status: "disabled", disabled: true, disabled_reason: "manual" });
    const listed = await h.request.get("/v1/webhooks").set(bearer(t.keys.full));
    expect(listed.body.data[0]).toMatchObject({ webhook_id, status: "disabled" });
    // a person's disabling is not announced
    expect(await h.db.outboxEvent.count({ where: { userId: t.userId, event: "webhook.disabled" } })).toBe(1);
  });
});

describe("POST /v1/webhooks/:id/recover", () => {
  it("reopens exactly the failed deliveries created in the window, same keys, and queues them", async () => {
    const t = await h.tenant();
    const { webhook_id } = await webhookOf(t);
    const before = await delivery(t, webhook_id);
    await failAll(before);
    const since = new Date();
    const failedA = await delivery(t, webhook_id);
    const failedB = await delivery(t, webhook_id);
    const pending = await delivery(t, webhook_id);
    await failAll(failedA);
    await failAll(failedB);
    const until = new Date(Date.now() + 1);
    await new Promise((r) => setTimeout(r, 5));
    const after = await delivery(t, webhook_id);
    await failAll(after);

    const res = await h.request
      .post(`/v1/webhooks/${webhook_id}/recover`)
      .set(bearer(t.keys.full))
      .send({ since: since.toISOString(), until: until.toISOString() });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recovering: 2 });
    const rows = await h.db.webhookDelivery.findMany({
      where: { webhook: { id: webhook_id } },
      include: { webhook: { select: { id: true } } },
      orderBy: { eventId: "asc" },
    });
    const byKey = new Map(
      rows.map((r) => [deliveryKeyText({ eventId: r.eventId, webhookId: r.webhook.id }), r]),
    );
    const of = (d: DeliveryKey) => byKey.get(deliveryKeyText(d));
    expect(of(failedA)).toMatchObject({ status: "pending", attempts: 0, cycle: 2 });
    expect(of(failedB)).toMatchObject({ status: "pending", attempts: 0, cycle: 2 });
    expect(of(before)).toMatchObject({ status: "failed", cycle: 1 });
    expect(of(after)).toMatchObject({ status: "failed", cycle: 1 });
    expect(of(pending)).toMatchObject({ status: "pending", cycle: 1 });
    // jobId = the delivery's key
    for (const d of [failedA, failedB]) expect(await queue.getJob(deliveryKeyText(d))).toBeDefined();

    // without `until`: everything failed since then, which is now only the later one
    const again = await h.request
      .post(`/v1/webhooks/${webhook_id}/recover`)
      .set(bearer(t.keys.full))
      .send({ since: since.toISOString() });
    expect(again.body).toEqual({ recovering: 1 });
    expect(await deliveryRowOf(h.db, after)).toMatchObject({
      status: "pending",
      cycle: 2,
    });
  });

  it("is refused for a disabled webhook (409), another user's (404), and a bad window (400)", async () => {
    const t = await h.tenant();
    const other = await h.tenant();
    const { webhook_id } = await webhookOf(t);
    const recover = (key: string, body: object) =>
      h.request.post(`/v1/webhooks/${webhook_id}/recover`).set(bearer(key)).send(body);
    const since = new Date(Date.now() - 60_000).toISOString();
    expect((await recover(other.keys.full, { since })).status).toBe(404);
    expect((await recover(t.keys.read_only, { since })).status).toBe(403);
    for (const bad of [{}, { since: "yesterday" }, { since, until: since }, { since, extra: 1 }]) {
      expect((await recover(t.keys.full, bad)).status).toBe(400);
    }
    await disableWebhook(h.db, webhook_id, "gone");
    const refused = await recover(t.keys.full, { since });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("CONFLICT");
  });
});
