// Integration: real PostgreSQL (fresh database) and real Redis (own prefix). Deliveries, manual
// retries, test events and secret rotation through the API; the rows are produced by the same
// repositories the webhook worker uses (recordEvent → fanOutEvents → recordAttempts).
import {
  buildWebhookHeaders,
  type DeliveryKey,
  deliveryIdOf,
  deliveryKeyText,
  eventIdOfDelivery,
  generateWebhookSecret,
  idTimestamp,
  keptRequestHeaders,
  openSecret,
  packRequestHeaders,
} from "@ctxlog/core";
import { fanOutEvents, recordAttempts, recordEvent } from "@ctxlog/db";
import { Queue } from "bullmq";
import { bearer, createTestHarness, REDIS_URL, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let t: Tenant;
let queue: Queue;

beforeAll(async () => {
  h = await createTestHarness();
  t = await h.tenant();
  queue = new Queue("webhook-deliveries", { connection: { url: REDIS_URL } as never, prefix: h.prefix });
});
afterAll(async () => {
  await queue.close();
  await h.close();
});

const DELAYS = [1, 1, 1, 1];

async function webhookOf(tenant: Tenant, events = ["context.created", "context.failed"]) {
  const res = await h.request
    .post("/v1/webhooks")
    .set(bearer(tenant.keys.full))
    .send({ url: "https://example.com/hook", events });
  expect(res.status).toBe(201);
  return res.body as { webhook_id: string; secret: string };
}

/** Records events for the tenant and fans them out, as the worker would. */
async function deliveriesFor(tenant: Tenant, events: ("context.created" | "context.failed")[]) {
  for (const event of events) await recordEvent(h.db, { userId: tenant.userId, event, data: { event } });
  while ((await fanOutEvents(h.db, { batchSize: 100 })).events > 0);
}

/** A delivery's row by its key (Prisma's compound unique: the row names its webhook by ref). */
async function byKey({ webhookId, eventId }: DeliveryKey) {
  const { ref } = await h.db.webhook.findUniqueOrThrow({ where: { id: webhookId }, select: { ref: true } });
  return { webhookRef_eventId: { webhookRef: ref, eventId } };
}

/** A webhook's delivery rows, oldest first, each with its key's webhook id read through its relation. */
async function deliveriesOf(webhookId: string) {
  const rows = await h.db.webhookDelivery.findMany({
    where: { webhook: { id: webhookId } },
    include: { webhook: { select: { id: true } } },
    orderBy: { eventId: "asc" },
  });
  return rows.map(({ webhook, ...row }) => ({ ...row, webhookId: webhook.id }));
}

/** A webhook's one delivery row, with its key's webhook id read through its relation. */
async function deliveryOf(webhookId: string) {
  const { webhook, ...row } = await h.db.webhookDelivery.findFirstOrThrow({
    where: { webhook: { id: webhookId } },
    include: { webhook: { select: { id: true } } },
  });
  return { ...row, webhookId: webhook.id };
}

/** What one attempt of a delivery sent (the worker's headers, then the sender's user agent) and got back. */
function exchangeOf(delivery: { id: string; event: string }) {
  const sent = {
    ...buildWebhookHeaders({
      deliveryId: delivery.id,
      event: delivery.event,
      body: "{}",
      sentAt: new Date(),
      secret: generateWebhookSecret(),
    }),
    "user-agent": "ctxlog-webhooks/1.0",
  };
  return {
    // what the attempt's record gives back: every header sent but the signatures, which are not kept
    sent: keptRequestHeaders(sent),
    request: {
      url: "https://example.com/hook",
      headers: packRequestHeaders(sent, { deliveryId: delivery.id, event: delivery.event }),
    },
    response: {
      headers: { "content-type": "text/plain", "set-cookie": ["a=1", "b=2"] },
      body: "upstream unavailable",
      bodyTruncated: false,
    },
  };
}

async function fail(
  key: DeliveryKey,
  times: number,
  exchange: Partial<Pick<ReturnType<typeof exchangeOf>, "request" | "response">> = {},
) {
  for (let i = 0; i < times; i++) {
    const now = new Date();
    const row = await h.db.webhookDelivery.findUniqueOrThrow({ where: await byKey(key) });
    await recordAttempts(
      h.db,
      [
        {
          eventId: key.eventId,
          webhookId: key.webhookId,
          cycle: row.cycle,
          attemptedAt: now,
          finishedAt: now,
          durationMs: 12,
          responseStatus: 503,
          error: "HTTP 503",
          succeeded: false,
          ...exchange,
        },
      ],
      DELAYS,
    );
  }
}

describe("GET /v1/webhooks/:id/deliveries (PostgreSQL + Redis)", () => {
  it("lists deliveries newest first, filtered by status, with cursor pagination", async () => {
    const tenant = await h.tenant();
    const { webhook_id } = await webhookOf(tenant);
    await deliveriesFor(tenant, ["context.created", "context.failed", "context.created"]);
    const rows = await deliveriesOf(webhook_id);
    expect(rows).toHaveLength(3);
    const [oldest] = rows;
    if (!oldest) throw new Error("no delivery");
    await fail(oldest, 5);

    const list = (q = "") =>
      h.request.get(`/v1/webhooks/${webhook_id}/deliveries${q}`).set(bearer(tenant.keys.full));
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: { delivery_id: string }) => d.delivery_id)).toEqual(
      rows.map((r) => deliveryIdOf(r.eventId)).reverse(),
    );
    expect(all.body.data[2]).toEqual({
      delivery_id: deliveryIdOf(oldest.eventId),
      webhook_id,
      event: "context.created",
      status: "failed",
      attempts: 5,
      response_status: 503,
      error_message: "HTTP 503",
      created_at: expect.any(String),
      last_attempt_at: expect.any(String),
      next_attempt_at: null,
    });
    // never attempted: 0, with no last attempt to describe
    expect(all.body.data[0]).toMatchObject({
      status: "pending",
      attempts: 0,
      response_status: null,
      last_attempt_at: null,
    });

    const failed = await list("?status=failed");
    expect(failed.body.data.map((d: { delivery_id: string }) => d.delivery_id)).toEqual([
      deliveryIdOf(oldest.eventId),
    ]);
    const pending = await list("?status=pending&limit=1");
    expect(pending.body.data).toHaveLength(1);
    const next = await list(`?status=pending&limit=1&cursor=${pending.body.next_cursor}`);
    expect(next.body.data).toHaveLength(1);
    expect(next.body.next_cursor).toBeNull();
    expect(next.body.data[0].delivery_id).not.toBe(pending.body.data[0].delivery_id);

    for (const bad of ["?status=done", "?cursor=xyz", "?limit=500", "?event=context.created"]) {
      const res = await list(bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("GET /v1/webhooks/:id/deliveries/:delivery_id (PostgreSQL + Redis)", () => {
  it("adds the payload and every attempt: number, time, duration, status, error, what was sent and what came back", async () => {
    const tenant = await h.tenant();
    const { webhook_id } = await webhookOf(tenant);
    await deliveriesFor(tenant, ["context.failed"]);
    const row = await deliveryOf(webhook_id);
    const deliveryId = deliveryIdOf(row.eventId);
    const exchange = exchangeOf({ id: deliveryId, event: "context.failed" });
    await fail(row, 1, { request: exchange.request, response: exchange.response });
    await fail(row, 1); // nothing sent, nothing back (a refused address)
    const res = await h.request
      .get(`/v1/webhooks/${webhook_id}/deliveries/${deliveryId}`)
      .set(bearer(tenant.keys.full));
    expect(res.status).toBe(200);
    const event = await h.db.outboxEvent.findFirstOrThrow({ where: { id: row.eventId } });
    expect(res.body).toMatchObject({
      delivery_id: deliveryId,
      status: "retrying", // pending with attempts made: due again at next_attempt_at
      attempts: 2,
      cycle: 1,
      event_id: row.eventId,
      payload: event.payload,
    });
    expect(res.body.attempt_log).toEqual([
      {
        cycle: 1,
        number: 1,
        attempted_at: expect.any(String),
        duration_ms: 12,
        response_status: 503,
        error: "HTTP 503",
        request: { url: exchange.request.url, headers: exchange.sent },
        response: {
          status: 503,
          headers: exchange.response.headers,
          body: "upstream unavailable",
          body_truncated: false,
        },
      },
      {
        cycle: 1,
        number: 2,
        attempted_at: expect.any(String),
        duration_ms: 12,
        response_status: 503,
        error: "HTTP 503",
        request: null,
        response: null,
      },
    ]);
  });

  it("a delivery of the caller's other webhook, or an unknown one, is a 404", async () => {
    const tenant = await h.tenant();
    const a = await webhookOf(tenant, ["context.created"]);
    const b = await webhookOf(tenant, ["context.failed"]);
    await deliveriesFor(tenant, ["context.created"]);
    const ofA = await deliveryOf(a.webhook_id);
    const idOfA = deliveryIdOf(ofA.eventId);
    for (const path of [
      `/v1/webhooks/${b.webhook_id}/deliveries/${idOfA}`,
      `/v1/webhooks/${a.webhook_id}/deliveries/dlv_01ARZ3NDEKTSV4RRFFQ69G5FAV`,
      `/v1/webhooks/${a.webhook_id}/deliveries/not-an-id`,
    ]) {
      const res = await h.request.get(path).set(bearer(tenant.keys.full));
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
    const retry = await h.request
      .post(`/v1/webhooks/${b.webhook_id}/deliveries/${idOfA}/retry`)
      .set(bearer(tenant.keys.full));
    expect(retry.status).toBe(404);
  });
});

describe("POST /v1/webhooks/:id/deliveries/:delivery_id/retry (PostgreSQL + Redis)", () => {
  it("starts a new five-attempt cycle for a failed delivery and queues it (jobId = the delivery's key)", async () => {
    const { webhook_id } = await webhookOf(t);
    await deliveriesFor(t, ["context.created"]);
    const row = await deliveryOf(webhook_id);
    const deliveryId = deliveryIdOf(row.eventId);
    const jobId = deliveryKeyText(row);
    await fail(row, 5);
    await queue.remove(jobId);

    const res = await h.request
      .post(`/v1/webhooks/${webhook_id}/deliveries/${deliveryId}/retry`)
      .set(bearer(t.keys.full));
    expect(res.status).toBe(202);
    // not 0: until the new cycle's first attempt, attempts describes the last cycle, like the
    // response_status, error_message and last_attempt_at shown beside it
    expect(res.body).toMatchObject({
      delivery_id: deliveryId,
      status: "pending",
      attempts: 5,
      response_status: 503,
      error_message: "HTTP 503",
      last_attempt_at: expect.any(String),
    });
    const stored = await h.db.webhookDelivery.findUniqueOrThrow({ where: await byKey(row) });
    expect(stored).toMatchObject({ status: "pending", cycle: 2, attempts: 0, eventId: row.eventId });
    const path = `/v1/webhooks/${webhook_id}/deliveries/${deliveryId}`;
    const shown = async () => (await h.request.get(path).set(bearer(t.keys.full))).body;
    expect(await shown()).toMatchObject({ status: "pending", cycle: 2, attempts: 5 });
    const listed = await h.request.get(`/v1/webhooks/${webhook_id}/deliveries`).set(bearer(t.keys.full));
    expect(listed.body.data[0]).toMatchObject({ delivery_id: deliveryId, attempts: 5 });
    const byState = async (state: string) =>
      (
        await h.request.get(`/v1/webhooks/${webhook_id}/deliveries?status=${state}`).set(bearer(t.keys.full))
      ).body.data.map((d: { delivery_id: string }) => d.delivery_id);
    expect(await byState("pending")).toEqual([deliveryId]);
    await fail(row, 1); // the new cycle's first attempt
    expect(await shown()).toMatchObject({ status: "retrying", cycle: 2, attempts: 1 });
    expect(await byState("retrying")).toEqual([deliveryId]);
    expect(await byState("pending")).toEqual([]);
    const job = await queue.getJob(jobId);
    expect(job?.data).toEqual({ eventId: row.eventId, webhookId: webhook_id });
    expect(job?.opts).toMatchObject({ attempts: 5, backoff: { type: "webhook-schedule" } });
  });

  it("tries a retrying delivery now (same cycle): its delayed job is promoted, its due time is now", async () => {
    const { webhook_id } = await webhookOf(t);
    await deliveriesFor(t, ["context.created"]);
    const row = await deliveryOf(webhook_id);
    const deliveryId = deliveryIdOf(row.eventId);
    const jobId = deliveryKeyText(row);
    const retry = () =>
      h.request.post(`/v1/webhooks/${webhook_id}/deliveries/${deliveryId}/retry`).set(bearer(t.keys.full));

    // not attempted yet: on its way already
    const early = await retry();
    expect([early.status, early.body.error?.code]).toEqual([409, "CONFLICT"]);
    expect(early.body.error.message).toMatch(/is pending; only a failed or retrying delivery/);

    await fail(row, 2); // retrying, due again after its delay; its job waits in the delayed set
    // this harness' delays are short: the next attempt is put ten minutes out, as a real delay would
    await h.db.webhookDelivery.update({
      where: await byKey(row),
      data: { nextAttemptAt: new Date(Date.now() + 600_000) },
    });
    await queue.remove(jobId);
    await queue.add(
      "deliverWebhook",
      { eventId: row.eventId, webhookId: webhook_id },
      { jobId, delay: 600_000 },
    );
    expect(await queue.getJobState(jobId)).toBe("delayed");
    const before = await h.db.webhookDelivery.findUniqueOrThrow({ where: await byKey(row) });
    expect(before.nextAttemptAt?.getTime() ?? 0).toBeGreaterThan(Date.now());

    const res = await retry();
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ delivery_id: deliveryId, status: "retrying", attempts: 2 });
    expect(Date.parse(res.body.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    const after = await h.db.webhookDelivery.findUniqueOrThrow({ where: await byKey(row) });
    expect(after).toMatchObject({ status: "pending", cycle: 1, attempts: 2 });
    expect(await queue.getJobState(jobId)).toBe("waiting");

    // with its job gone (Redis lost it), retry now adds it again
    await queue.remove(jobId);
    expect((await retry()).status).toBe(202);
    expect((await queue.getJob(jobId))?.data).toEqual({ eventId: row.eventId, webhookId: webhook_id });

    // another user's delivery is not found; a succeeded one cannot be retried
    const other = await h.tenant();
    const foreign = await h.request
      .post(`/v1/webhooks/${webhook_id}/deliveries/${deliveryId}/retry`)
      .set(bearer(other.keys.full));
    expect(foreign.status).toBe(404);
  });
});

describe("POST /v1/webhooks/:id/test (PostgreSQL + Redis)", () => {
  it("queues a sample context.created marked test: true for this webhook only", async () => {
    const tenant = await h.tenant();
    const { webhook_id } = await webhookOf(tenant, ["context.created"]);
    const sibling = await webhookOf(tenant, ["context.created"]);
    const res = await h.request.post(`/v1/webhooks/${webhook_id}/test`).set(bearer(tenant.keys.full));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ webhook_id, event: "context.created", status: "pending", attempts: 0 });

    // the delivery's id is its event's, as dlv_
    const eventId = eventIdOfDelivery(res.body.delivery_id) as string;
    const delivery = await h.db.webhookDelivery.findUniqueOrThrow({
      where: await byKey({ eventId, webhookId: webhook_id }),
    });
    const event = await h.db.outboxEvent.findFirstOrThrow({ where: { id: delivery.eventId } });
    // Recorded as recordEvent records a test event: never queued for the fan-out, stamped with one
    // clock read.
    expect(await h.db.unfannedEvent.count({ where: { id: event.id } })).toBe(0);
    // the delivery's creation is its event's time: its id's, minted just after the event's clock read
    expect(res.body.created_at).toBe(idTimestamp(event.id)?.toISOString());
    expect(new Date(res.body.created_at).getTime()).toBeGreaterThanOrEqual(event.createdAt.getTime());
    const body = JSON.parse(event.payload);
    expect(body.timestamp).toBe(event.createdAt.toISOString());
    expect(body).toMatchObject({ event: "context.created", test: true, data: { status: "pending" } });
    expect(body.data.context_id).toMatch(/^ctx_/);
    expect(await h.db.webhookDelivery.count({ where: { eventId: event.id } })).toBe(1);
    expect(await h.db.webhookDelivery.count({ where: { webhook: { id: sibling.webhook_id } } })).toBe(0);
    // queued by its key (jobId = the key's text)
    const job = await queue.getJob(deliveryKeyText({ eventId: event.id, webhookId: webhook_id }));
    expect(job?.data).toEqual({ eventId: event.id, webhookId: webhook_id });
    expect((await fanOutEvents(h.db, { batchSize: 100 })).deliveries).toEqual([]);
  });

  it.each(["context.confirmed", "context.failed", "verification.completed"])(
    "sends a %s sample on request",
    async (event) => {
      const { webhook_id } = await webhookOf(t);
      const res = await h.request
        .post(`/v1/webhooks/${webhook_id}/test`)
        .set(bearer(t.keys.full))
        .send({ event });
      expect(res.status).toBe(202);
      expect(res.body.event).toBe(event);
      const eventId = eventIdOfDelivery(res.body.delivery_id) as string;
      const delivery = await h.db.webhookDelivery.findUniqueOrThrow({
        where: await byKey({ eventId, webhookId: webhook_id }),
      });
      const stored = await h.db.outboxEvent.findFirstOrThrow({ where: { id: delivery.eventId } });
      expect(JSON.parse(stored.payload)).toMatchObject({ event, test: true });
    },
  );

  it.each([
    ["an unknown event", { event: "context.deleted" }],
    ["an unknown field", { event: "context.created", url: "https://x" }],
  ])("%s → 400, nothing queued", async (_name, body) => {
    const { webhook_id } = await webhookOf(t);
    const before = await h.db.webhookDelivery.count();
    const res = await h.request.post(`/v1/webhooks/${webhook_id}/test`).set(bearer(t.keys.full)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(await h.db.webhookDelivery.count()).toBe(before);
  });
});

describe("POST /v1/webhooks/:id/rotate-secret (PostgreSQL + Redis)", () => {
  it("returns a new secret; the previous one keeps signing for 24 h", async () => {
    const { webhook_id, secret } = await webhookOf(t);
    const res = await h.request.post(`/v1/webhooks/${webhook_id}/rotate-secret`).set(bearer(t.keys.full));
    expect(res.status).toBe(200);
    expect(res.body.webhook_id).toBe(webhook_id);
    expect(res.body.secret).toMatch(/^whsec_/);
    expect(res.body.secret).not.toBe(secret);
    const overlapEnds = new Date(res.body.previous_secret_expires_at).getTime();
    expect(Math.abs(overlapEnds - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);

    // Stored sealed under the current key; opened, they are the secrets the API showed.
    const row = await h.db.webhook.findUniqueOrThrow({ where: { id: webhook_id } });
    expect(row).toMatchObject({ secretKeyId: "test", previousSecretKeyId: "test" });
    const keyring = h.deps.secretsKeyring;
    expect(openSecret(keyring, { value: row.secret, keyId: row.secretKeyId }, webhook_id)).toBe(
      res.body.secret,
    );
    expect(
      openSecret(
        keyring,
        { value: row.previousSecret ?? "", keyId: row.previousSecretKeyId ?? "" },
        webhook_id,
      ),
    ).toBe(secret);
    const read = await h.request.get(`/v1/webhooks/${webhook_id}`).set(bearer(t.keys.full));
    expect(read.body.previous_secret_expires_at).toBe(res.body.previous_secret_expires_at);
    expect(JSON.stringify(read.body)).not.toContain(res.body.secret);
  });

  it.each([
    ["generated", undefined],
    ["supplied", "my-own-webhook-secret-long-enough-to-be-accepted"],
  ])(
    "stores neither the %s secret nor the next one in clear: a raw SELECT (a dump) shows neither",
    async (_name, supplied) => {
      const created = await h.request
        .post("/v1/webhooks")
        .set(bearer(t.keys.full))
        .send({ url: "https://example.com/hook", events: ["context.created"], secret: supplied });
      expect(created.status).toBe(201);
      const { webhook_id, secret } = created.body as { webhook_id: string; secret: string };
      if (supplied) expect(secret).toBe(supplied);
      const rotated = await h.request
        .post(`/v1/webhooks/${webhook_id}/rotate-secret`)
        .set(bearer(t.keys.full));
      expect(rotated.status).toBe(200);
      const rows = await h.db.$queryRaw<
        Record<string, unknown>[]
      >`SELECT * FROM webhooks WHERE id = ${webhook_id}`;
      expect(rows).toHaveLength(1);
      const dump = JSON.stringify(rows);
      // the whole secret, and its key material alone (what follows whsec_)
      for (const s of [secret, rotated.body.secret as string]) {
        expect(dump).not.toContain(s);
        expect(dump).not.toContain(s.replace(/^whsec_/, ""));
      }
      expect(rows[0]).toMatchObject({ secret_key_id: "test", previous_secret_key_id: "test" });
    },
  );
});
