// Integration: real PostgreSQL (a fresh database). The worker's repositories: fan-out, attempt
// recording and the reconciler's query.
import {
  type DeliveryKey,
  deliveryIdOf,
  deliveryKeyText,
  generateWebhookSecret,
  openSecret,
} from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { createApiKey } from "../api-keys/create-api-key";
import { listenForRecordedEvents } from "../events/outbox-notifications";
import { recordEvent } from "../events/record-event";
import { attemptsOf, createTestDatabase, deliveryRowOf, testSecretKeyring, webhookRefOf } from "../testing";
import { abandonDeliveries } from "./abandon-deliveries";
import { createWebhook, WebhookLimitError } from "./create-webhook";
import { deleteWebhook } from "./delete-webhook";
import { fanOutEvents } from "./fan-out-events";
import { findDueDeliveries } from "./find-due-deliveries";
import { listDeliveries } from "./list-deliveries";
import { loadDeliveryTargets, openDeliveryTarget } from "./load-delivery-targets";
import { type AttemptOutcome, recordAttempts } from "./record-attempts";
import { retryDelivery } from "./retry-delivery";
import { rotateWebhookSecret } from "./rotate-webhook-secret";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const DELAYS = [1_000, 2_000, 3_000, 4_000];
const keyring = testSecretKeyring();

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_webhook_rows_test");
  for (const userId of ["u1", "u2"]) await createApiKey(database.db, { userId, type: "full" });
});
afterAll(() => database.drop());

const hook = (userId: string, events: string[], url = "https://example.com/hook") =>
  createWebhook(database.db, {
    userId,
    url,
    events,
    description: "",
    secret: generateWebhookSecret(),
    keyring,
    maxPerUser: 20,
  });

/** The keys (as deliveryKeyText) of the deliveries the fan-out created pending. */
async function drainFanOut() {
  const keys: string[] = [];
  for (;;) {
    const r = await fanOutEvents(database.db, { batchSize: 100 });
    keys.push(...r.deliveries.map(deliveryKeyText));
    if (r.events === 0) return keys;
  }
}

const outcome = (d: DeliveryKey, succeeded: boolean, cycle = 1): AttemptOutcome => ({
  eventId: d.eventId,
  webhookId: d.webhookId,
  cycle,
  attemptedAt: new Date(),
  finishedAt: new Date(),
  durationMs: 3,
  responseStatus: succeeded ? 200 : 500,
  error: succeeded ? null : "HTTP 500",
  succeeded,
});

describe("fanOutEvents (PostgreSQL)", () => {
  it("creates one delivery per live subscribed webhook of the event's user, once", async () => {
    await drainFanOut();
    const created = await hook("u1", ["context.created", "context.failed"]);
    const confirmedOnly = await hook("u1", ["context.confirmed"]);
    const deleted = await hook("u1", ["context.created"]);
    await deleteWebhook(database.db, "u1", deleted.id);
    const otherUser = await hook("u2", ["context.created"]);

    const event = await recordEvent(database.db, { userId: "u1", event: "context.created", data: { n: 1 } });
    const keys = await drainFanOut();
    expect(keys).toEqual([deliveryKeyText({ eventId: event.id, webhookId: created.id })]);
    const rows = await database.db.webhookDelivery.findMany({
      where: { eventId: event.id },
      include: { webhook: { select: { id: true } } },
    });
    expect(rows.map((r) => r.webhook.id)).toEqual([created.id]);
    expect(rows[0]).toMatchObject({ status: "pending", attempts: 0, cycle: 1 });
    const [listed] = (await listDeliveries(database.db, created.id, { limit: 10 })).rows;
    // its public id is its event's (delivery-key.ts)
    expect(listed).toMatchObject({ id: deliveryIdOf(event.id), eventId: event.id, event: "context.created" });
    expect(rows[0]?.nextAttemptAt).not.toBeNull();
    expect(confirmedOnly.id).not.toBe(otherUser.id);

    // out of the fan-out's queue, the event's row as it was written
    expect(await database.db.unfannedEvent.count({ where: { id: event.id } })).toBe(0);
    expect(await database.db.outboxEvent.findFirstOrThrow({ where: { id: event.id } })).toMatchObject({
      payload: event.payload,
    });
    expect(await drainFanOut()).toEqual([]);
  });

  it("marks events with no subscriber fanned out too", async () => {
    const event = await recordEvent(database.db, { userId: "u2", event: "verification.completed", data: {} });
    expect(await drainFanOut()).toEqual([]);
    expect(await database.db.unfannedEvent.count({ where: { id: event.id } })).toBe(0);
  });

  it("lets concurrent fan-outs share the backlog without creating a delivery twice", async () => {
    const w = await hook("u2", ["context.failed"]);
    for (let i = 0; i < 30; i++) {
      await recordEvent(database.db, { userId: "u2", event: "context.failed", data: { i } });
    }
    const results = await Promise.all([1, 2, 3].map(() => fanOutEvents(database.db, { batchSize: 7 })));
    const rest = await drainFanOut();
    const all = [...results.flatMap((r) => r.deliveries.map(deliveryKeyText)), ...rest];
    expect(new Set(all).size).toBe(30);
    expect(await database.db.webhookDelivery.count({ where: { webhook: { id: w.id } } })).toBe(30);
  });
});

describe("recordAttempts (PostgreSQL)", () => {
  async function freshDelivery() {
    const w = await hook("u1", ["context.confirmed"]);
    await recordEvent(database.db, { userId: "u1", event: "context.confirmed", data: {} });
    await drainFanOut();
    const row = await database.db.webhookDelivery.findFirstOrThrow({ where: { webhook: { id: w.id } } });
    // its key, its public id (the API's) and its key as the result's maps name it
    return {
      webhookId: w.id,
      eventId: row.eventId,
      id: deliveryIdOf(row.eventId),
      text: deliveryKeyText({ webhookId: w.id, eventId: row.eventId }),
    };
  }

  it("numbers attempts, schedules retries (degraded), brings one forward, fails after five (failing)", async () => {
    const d = await freshDelivery();
    const webhookStatus = async () =>
      (await database.db.webhook.findUniqueOrThrow({ where: { id: d.webhookId } })).status;
    // not yet attempted: nothing to bring forward
    expect((await retryDelivery(database.db, d.webhookId, d.id)).outcome).toBe("not_retryable");
    for (let n = 1; n <= 4; n++) {
      const before = Date.now();
      const r = (await recordAttempts(database.db, [outcome(d, false)], DELAYS)).get(d.text);
      expect(r).toMatchObject({ deliveryId: d.id, attempts: n, status: "pending" });
      const due = r?.nextAttemptAt?.getTime() ?? 0;
      expect(due).toBeGreaterThanOrEqual(before + (DELAYS[n - 1] ?? 0) - 5);
      expect(due).toBeLessThan(Date.now() + (DELAYS[n - 1] ?? 0) + 5);
      // the first failed attempt degrades the endpoint; it stays so while the delivery retries
      expect(await webhookStatus()).toBe("degraded");
    }
    // retry now: the retrying delivery's next attempt is due at once, in the same cycle
    const pushed = await retryDelivery(database.db, d.webhookId, d.id);
    expect(pushed).toMatchObject({
      outcome: "due_now",
      delivery: { attempts: 4, cycle: 1, status: "pending" },
    });
    const dueNow = pushed.outcome === "due_now" ? (pushed.delivery.nextAttemptAt?.getTime() ?? 0) : 0;
    expect(dueNow).toBeLessThanOrEqual(Date.now());
    const last = (await recordAttempts(database.db, [outcome(d, false)], DELAYS)).get(d.text);
    expect(last).toMatchObject({ attempts: 5, status: "failed", nextAttemptAt: null });
    expect((await database.db.webhook.findUniqueOrThrow({ where: { id: d.webhookId } })).status).toBe(
      "failing",
    );
    const log = await attemptsOf(database.db, d);
    expect(log.map((a) => a.number)).toEqual([1, 2, 3, 4, 5]);
    // the first in the delivery's row, the four others in webhook_attempts
    expect(
      await database.db.webhookAttempt.count({
        where: { eventId: d.eventId, webhookRef: await webhookRefOf(database.db, d.webhookId) },
      }),
    ).toBe(4);

    // An attempt arriving late for a closed cycle changes nothing.
    expect((await recordAttempts(database.db, [outcome(d, true)], DELAYS)).size).toBe(0);

    // A manual retry opens cycle 2; its success makes the webhook active again.
    expect((await retryDelivery(database.db, d.webhookId, d.id)).outcome).toBe("retried");
    // a new cycle not yet attempted is on its way: neither transition applies
    expect((await retryDelivery(database.db, d.webhookId, d.id)).outcome).toBe("not_retryable");
    expect((await recordAttempts(database.db, [outcome(d, true, 1)], DELAYS)).size).toBe(0);
    const ok = (await recordAttempts(database.db, [outcome(d, true, 2)], DELAYS)).get(d.text);
    expect(ok).toMatchObject({ attempts: 1, status: "succeeded", nextAttemptAt: null });
    expect((await database.db.webhook.findUniqueOrThrow({ where: { id: d.webhookId } })).status).toBe(
      "active",
    );
    expect((await attemptsOf(database.db, d)).filter((a) => a.cycle === 2)).toHaveLength(1);
  });

  it("records by the delivery's key (webhook and event), within the events' days only", async () => {
    const a = await freshDelivery();
    const b = await freshDelivery();
    const eb = b.eventId;
    // b's event went to a's webhook too (same user, same event): a delivery with b's public id
    const sibling = { webhookId: a.webhookId, eventId: eb };
    expect(deliveryIdOf(sibling.eventId)).toBe(b.id);
    const both = await recordAttempts(database.db, [outcome(a, true), outcome(b, false)], DELAYS);
    expect(both.get(a.text)).toMatchObject({ deliveryId: a.id, attempts: 1, status: "succeeded" });
    expect(both.get(b.text)).toMatchObject({ deliveryId: b.id, attempts: 1, status: "pending" });
    expect(both.size).toBe(2);
    // the bound is applied: an event id that is not the delivery's leaves it alone
    const wrong = await recordAttempts(database.db, [{ ...outcome(b, false), eventId: `${eb}~` }], DELAYS);
    expect(wrong.size).toBe(0);
    expect(await attemptsOf(database.db, b)).toEqual([expect.objectContaining({ eventId: eb })]);
    // the other webhook's delivery of the same event is untouched
    expect(await deliveryRowOf(database.db, sibling)).toMatchObject({ attempts: 0, status: "pending" });
    expect(await attemptsOf(database.db, sibling)).toEqual([]);
  });

  it("records duplicates of one delivery in one batch as successive attempts", async () => {
    const d = await freshDelivery();
    const r = await recordAttempts(database.db, [outcome(d, false), outcome(d, false)], DELAYS);
    expect(r.get(d.text)).toMatchObject({ attempts: 2, status: "pending" });
    expect((await attemptsOf(database.db, d)).map((a) => a.number)).toEqual([1, 2]);
  });
});

describe("reconciler and worker reads (PostgreSQL)", () => {
  it("finds due pending deliveries only, and loads their targets with the overlap secret", async () => {
    const w = await hook("u2", ["context.created"], "https://example.org/in");
    await recordEvent(database.db, { userId: "u2", event: "context.created", data: { due: true } });
    await drainFanOut();
    const { eventId, webhookRef } = await database.db.webhookDelivery.findFirstOrThrow({
      where: { webhook: { id: w.id } },
    });
    const key = { eventId, webhookId: w.id };
    const text = deliveryKeyText(key);
    const dueKeys = async () => (await findDueDeliveries(database.db, { limit: 1000 })).map(deliveryKeyText);
    expect(await findDueDeliveries(database.db, { limit: 1000 })).toContainEqual({
      eventId,
      webhookId: w.id,
      webhookRef,
      nextAttemptAt: expect.any(Date),
    });
    // by its key (a job's); an event id that is not the delivery's finds nothing (the read is
    // bounded by it)
    expect((await loadDeliveryTargets(database.db, [key])).get(text)).toMatchObject({
      id: deliveryIdOf(eventId),
      eventId,
      webhookId: w.id,
    });
    expect((await loadDeliveryTargets(database.db, [{ ...key, eventId: `${eventId}~` }])).size).toBe(0);

    const newSecret = generateWebhookSecret();
    const rotated = await rotateWebhookSecret(database.db, "u2", w.id, { newSecret, keyring });
    const stored = (await loadDeliveryTargets(database.db, [key])).get(text);
    expect(stored).toMatchObject({
      secret: { value: rotated?.secret, keyId: "test" },
      previousSecret: { value: w.secret, keyId: "test" },
    });
    const target = stored && openDeliveryTarget(stored, keyring);
    expect(target).toMatchObject({
      webhookId: w.id,
      url: "https://example.org/in",
      secret: newSecret,
      previousSecret: openSecret(keyring, { value: w.secret, keyId: w.secretKeyId }, w.id),
      status: "pending",
      webhookDeleted: false,
    });
    expect(JSON.parse(target?.payload ?? "{}").data).toEqual({ due: true });

    await recordAttempts(database.db, [outcome(key, false)], [60_000, 60_000, 60_000, 60_000]);
    expect(await dueKeys()).not.toContain(text);

    await rotateWebhookSecret(database.db, "u2", w.id, {
      newSecret: generateWebhookSecret(),
      keyring,
      overlapMs: -1,
    });
    expect((await loadDeliveryTargets(database.db, [key])).get(text)?.previousSecret).toBeNull();

    expect(await abandonDeliveries(database.db, [key], "gone")).toBe(1);
    expect(await deliveryRowOf(database.db, key)).toMatchObject({
      status: "failed",
      errorMessage: "gone",
      nextAttemptAt: null,
    });
  });

  it("pages through due deliveries in (next_attempt_at, event_id, webhook_ref) order", async () => {
    const all = await findDueDeliveries(database.db, { limit: 1000 });
    expect(all.length).toBeGreaterThan(3);
    const first = await findDueDeliveries(database.db, { limit: 2 });
    const second = await findDueDeliveries(database.db, { limit: 2, after: first[1] });
    expect([...first, ...second].map(deliveryKeyText)).toEqual(all.slice(0, 4).map(deliveryKeyText));
  });

  it("enforces the per-user maximum, counting live webhooks only", async () => {
    await createApiKey(database.db, { userId: "u3", type: "full" });
    const make = () =>
      createWebhook(database.db, {
        userId: "u3",
        url: "https://example.com/",
        events: ["context.created"],
        description: "",
        secret: generateWebhookSecret(),
        keyring,
        maxPerUser: 2,
      });
    const first = await make();
    await make();
    await expect(make()).rejects.toBeInstanceOf(WebhookLimitError);
    await deleteWebhook(database.db, "u3", first.id);
    await expect(make()).resolves.toMatchObject({ userId: "u3" });
  });
});

describe("outbox notifications, LISTEN/NOTIFY (PostgreSQL)", () => {
  it("recordEvent announces new events, inside a transaction only once it commits", async () => {
    let heard = 0;
    const listener = listenForRecordedEvents(database.url, () => {
      heard++;
    });
    try {
      const until = async (n: number) => {
        await waitFor(() => heard >= n, { timeout: 2_000, interval: 10 }).catch(() => {}); // the count is asserted
        return heard;
      };
      expect(await until(1)).toBe(1); // one call on connecting: catch up on anything missed
      await recordEvent(database.db, { userId: "u1", event: "context.created", data: {} });
      expect(await until(2)).toBe(2);

      let release: () => void = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const tx = database.db.$transaction(async (t) => {
        await recordEvent(t, { userId: "u1", event: "context.created", data: {} });
        await gate;
      });
      await new Promise((r) => setTimeout(r, 150)); // deliberate: nothing must be heard before the commit
      expect(heard).toBe(2); // not before the commit
      release();
      await tx;
      expect(await until(3)).toBe(3);
    } finally {
      await listener.close();
    }
  });
});
