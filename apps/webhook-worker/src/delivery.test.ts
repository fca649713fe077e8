// Integration: real PostgreSQL (fresh database), real Redis (own prefix), real HTTP receivers on
// 127.0.0.1 and the real worker runtime. Signatures are checked by independent computations:
// node:crypto for X-Service-Signature, the `standardwebhooks` package for the Standard Webhooks headers.
import { createHmac } from "node:crypto";
import { deliveryIdOf, generateWebhookSecret } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { createTestDelivery, deleteWebhook, getDelivery, rotateWebhookSecret } from "@ctxlog/db";
import { attemptsOf, deliveryRowOf } from "@ctxlog/db/testing";
import { Webhook } from "standardwebhooks";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

let h: WorkerHarness;

beforeAll(async () => {
  // A 10 s poll: events reach the worker through the NOTIFY of recordEvent, or these tests time out.
  h = await createWorkerHarness({ WEBHOOK_FANOUT_POLL_MS: "10000" });
});
afterAll(() => h.close());

const hmacHex = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("hex");
// Deliberate: lets time pass to show that NO (further) delivery comes; arrivals are awaited with waitFor.
const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

describe("webhook worker — delivery (PostgreSQL + Redis + loopback receivers)", () => {
  it("POSTs the event's exact stored bytes, signed, with every header", async () => {
    const userId = await h.user();
    const r = await h.receiver(() => 200);
    const hook = await h.webhook(userId, `${r.url}/hooks/ctxlog`);
    const recordedAt = Math.floor(Date.now() / 1000);
    const event = await h.event(userId, "context.created", { context_id: "ctx_1", note: "é 🙂" });

    const [got] = await r.waitFor(1, 2_000);
    expect(got?.method).toBe("POST");
    expect(got?.path).toBe("/hooks/ctxlog");
    expect(got?.body).toBe(event.payload);
    const headers = got?.headers ?? {};
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["x-service-signature"]).toBe(hmacHex(hook.secret, event.payload));
    expect(headers["x-service-signature-previous"]).toBeUndefined();
    expect(headers["x-service-event"]).toBe("context.created");
    const delivery = await h.db.webhookDelivery.findFirstOrThrow({ where: { webhook: { id: hook.id } } });
    expect(delivery.eventId).toBe(event.id);
    const key = { webhookId: hook.id, eventId: delivery.eventId };
    // the delivery's id is its event's, as dlv_
    expect(headers["x-service-delivery"]).toBe(deliveryIdOf(event.id));
    expect(headers["webhook-id"]).toBe(deliveryIdOf(event.id));
    const timestamp = Number(headers["x-service-timestamp"]);
    expect(timestamp).toBeGreaterThanOrEqual(recordedAt); // signed when sent: after the event, before now
    expect(timestamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(headers["webhook-timestamp"]).toBe(String(timestamp));
    expect(new Webhook(hook.secret).verify(got?.body ?? "", headers as Record<string, string>)).toEqual(
      JSON.parse(event.payload),
    );
    expect(() =>
      new Webhook(generateWebhookSecret()).verify(got?.body ?? "", headers as Record<string, string>),
    ).toThrow();

    const done = await waitFor(async () => {
      const row = await deliveryRowOf(h.db, { webhookId: hook.id, eventId: event.id });
      return row.status === "succeeded" ? row : undefined;
    });
    expect(done).toMatchObject({ attempts: 1, responseStatus: 200, errorMessage: null, nextAttemptAt: null });
    const attempts = await attemptsOf(h.db, key);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ cycle: 1, number: 1, responseStatus: 200, error: null });
  });

  it("sends each event only to the user's webhooks subscribed to its name", async () => {
    const [alice, bob] = [await h.user(), await h.user()];
    const created = await h.receiver();
    const failed = await h.receiver();
    const both = await h.receiver();
    const bobs = await h.receiver();
    await h.webhook(alice, created.url, ["context.created"]);
    await h.webhook(alice, failed.url, ["context.failed"]);
    await h.webhook(alice, both.url, ["context.created", "context.failed"]);
    await h.webhook(bob, bobs.url, ["context.created", "context.failed", "context.confirmed"]);

    await h.event(alice, "context.created", { n: 1 });
    await h.event(alice, "context.failed", { n: 2 });
    await h.event(alice, "verification.completed", { n: 3 });
    await both.waitFor(2);
    await created.waitFor(1);
    await failed.waitFor(1);
    await settle();
    // Delivery is at least once: a receiver may see a delivery twice, always with the same id.
    const events = (r: typeof created) => [
      ...new Map(r.requests.map((q) => [q.headers["webhook-id"], JSON.parse(q.body).event])).values(),
    ];
    expect(events(created)).toEqual(["context.created"]);
    expect(events(failed)).toEqual(["context.failed"]);
    expect(events(both).sort()).toEqual(["context.created", "context.failed"]);
    expect(bobs.requests).toHaveLength(0);
  });

  it("a deleted webhook receives nothing more: the attempt in flight at its deletion is not retried", async () => {
    const userId = await h.user();
    const control = await h.receiver();
    // the failing receiver answers only once the webhook is deleted, so the deletion lands while
    // attempt 1 is in flight whatever the machine's speed (an attempt the worker loaded before a
    // deletion can still arrive after it: what no attempt may do is start after it)
    let deleted!: () => void;
    const afterDeletion = new Promise<void>((resolve) => (deleted = resolve));
    const flaky = await h.receiver(() => ({ status: 500, until: afterDeletion }));
    await h.webhook(userId, control.url);
    const doomed = await h.webhook(userId, flaky.url);

    await h.event(userId, "context.created", { n: 1 });
    await flaky.waitFor(1); // attempt 1 is in flight; failing, it would make attempt 2 due in 200 ms
    expect(await deleteWebhook(h.db, userId, doomed.id)).toBe(true);
    deleted();
    const seen = flaky.requests.length;
    await h.event(userId, "context.created", { n: 2 });
    await control.waitFor(2);
    await settle(1_200);
    expect(flaky.requests).toHaveLength(seen);
    const rows = await h.db.webhookDelivery.findMany({ where: { webhook: { id: doomed.id } } });
    expect(rows.map((r) => r.status)).toEqual(["failed"]);
    expect(rows[0]?.errorMessage).toMatch(/webhook deleted/);
  });

  it("during a secret rotation, signs with both secrets", async () => {
    const userId = await h.user();
    const r = await h.receiver();
    const hook = await h.webhook(userId, r.url);
    const newSecret = generateWebhookSecret();
    await rotateWebhookSecret(h.db, userId, hook.id, { newSecret, keyring: h.keyring });
    const event = await h.event(userId, "context.created", { rotated: true });

    const [got] = await r.waitFor(1);
    const headers = got?.headers as Record<string, string>;
    expect(headers["x-service-signature"]).toBe(hmacHex(newSecret, event.payload));
    expect(headers["x-service-signature-previous"]).toBe(hmacHex(hook.secret, event.payload));
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(newSecret).verify(got?.body ?? "", headers)).toBeTruthy();
    expect(new Webhook(hook.secret).verify(got?.body ?? "", headers)).toBeTruthy();
  });

  it("a test event goes to its one webhook, marked test: true", async () => {
    const userId = await h.user();
    const target = await h.receiver();
    const sibling = await h.receiver();
    const hook = await h.webhook(userId, target.url, ["context.confirmed"]);
    await h.webhook(userId, sibling.url, ["context.confirmed"]);
    // What POST /v1/webhooks/:id/test does: the row, then the job.
    const delivery = await createTestDelivery(h.db, {
      userId,
      webhookId: hook.id,
      event: "context.confirmed",
    });
    const { payload } = await h.db.outboxEvent.findFirstOrThrow({ where: { id: delivery.eventId } });
    await h.enqueueDelivery(delivery);
    const [got] = await target.waitFor(1);
    expect(got?.body).toBe(payload);
    expect(JSON.parse(got?.body ?? "{}")).toMatchObject({ event: "context.confirmed", test: true });
    expect(got?.headers["x-service-delivery"]).toBe(delivery.id);
    expect(delivery.id).toBe(deliveryIdOf(delivery.eventId));
    await settle();
    expect(sibling.requests).toHaveLength(0);
  });

  it("records both sides of each attempt: URL, headers as signed (no secret), the response's status, headers and body", async () => {
    const userId = await h.user();
    const r = await h.receiver((_req, n) =>
      n === 0
        ? { status: 500, headers: { "x-receiver": "r1" }, body: '{"error":"database is down"}' }
        : { status: 200, body: "x".repeat(5_000) },
    );
    const hook = await h.webhook(userId, `${r.url}/in`);
    await h.event(userId, "context.created", { both: "sides" });
    const received = await r.waitFor(2, 5_000);
    const delivery = await h.db.webhookDelivery.findFirstOrThrow({ where: { webhook: { id: hook.id } } });
    const attempts = await waitFor(async () => {
      const rows = (await getDelivery(h.db, hook.id, deliveryIdOf(delivery.eventId)))?.attemptLog ?? [];
      return rows.length === 2 ? rows : undefined;
    });
    // stored compressed (the first in the delivery's row, the second a webhook_attempts row)
    const stored = await deliveryRowOf(h.db, { webhookId: hook.id, eventId: delivery.eventId });
    expect(stored.firstExchange?.length).toBeLessThan(200);
    // attempts name their webhook by ref (no relation to join): the webhook's own
    const { ref } = await h.db.webhook.findUniqueOrThrow({ where: { id: hook.id }, select: { ref: true } });
    const rows = await h.db.webhookAttempt.findMany({
      where: { eventId: delivery.eventId, webhookRef: ref },
    });
    expect(rows.map((row) => row.number)).toEqual([2]);
    for (const row of rows) expect(row.exchange?.length).toBeLessThan(200);
    const [failed, ok] = attempts;
    expect(failed).toMatchObject({
      responseStatus: 500,
      requestUrl: `${r.url}/in`,
      responseBody: '{"error":"database is down"}',
      responseBodyTruncated: false,
    });
    // the headers recorded are the headers received but the signatures (stored packed: the
    // timestamp, and the user agent when not the default)
    const sent = failed?.requestHeaders ?? {};
    expect(Object.keys(sent)).toHaveLength(7);
    for (const [name, value] of Object.entries(sent)) expect(received[0]?.headers[name]).toBe(value);
    expect(received[0]?.headers["x-service-signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(sent["x-service-signature"]).toBeUndefined();
    expect(sent["webhook-signature"]).toBeUndefined();
    expect(JSON.stringify(attempts)).not.toContain(hook.secret);
    expect(JSON.stringify(attempts)).not.toContain(hook.secret.slice("whsec_".length));
    expect(failed?.responseHeaders).toMatchObject({ "x-receiver": "r1" });
    expect(ok).toMatchObject({
      responseStatus: 200,
      responseBody: "x".repeat(4_096),
      responseBodyTruncated: true,
    });
  });
});
