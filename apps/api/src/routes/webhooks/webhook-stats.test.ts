// Integration: real PostgreSQL (fresh database) and real Redis (own prefix). GET
// /v1/webhooks/:id/stats over attempts recorded by the worker's own repository (recordAttempts).
import type { DeliveryKey } from "@ctxlog/core";
import { fanOutEvents, recordAttempts, recordEvent } from "@ctxlog/db";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(() => h.close());

const HOUR = 3_600_000;

async function webhookOf(tenant: Tenant) {
  const res = await h.request
    .post("/v1/webhooks")
    .set(bearer(tenant.keys.full))
    .send({ url: "https://example.com/hook", events: ["context.created"] });
  return res.body.webhook_id as string;
}

async function deliveryOf(tenant: Tenant, webhookId: string) {
  const event = await recordEvent(h.db, { userId: tenant.userId, event: "context.created", data: {} });
  while ((await fanOutEvents(h.db, { batchSize: 100 })).events > 0);
  // the row names its webhook by ref; its key's webhook id is read through the relation
  const { webhook, ...row } = await h.db.webhookDelivery.findFirstOrThrow({
    where: { webhook: { id: webhookId }, eventId: event.id },
    include: { webhook: { select: { id: true } } },
  });
  return { ...row, webhookId: webhook.id };
}

async function attempt({ eventId, webhookId }: DeliveryKey, at: Date, ok: boolean) {
  await recordAttempts(
    h.db,
    [
      {
        eventId,
        webhookId,
        cycle: 1,
        attemptedAt: at,
        finishedAt: at,
        durationMs: 5,
        responseStatus: ok ? 200 : 500,
        error: ok ? null : "HTTP 500",
        succeeded: ok,
      },
    ],
    [1, 1, 1, 1],
  );
}

describe("GET /v1/webhooks/:id/stats", () => {
  it("counts attempts and successes per bucket over the window, zero-filled", async () => {
    const t = await h.tenant();
    const webhookId = await webhookOf(t);
    const now = Date.now();
    const hourStart = Math.floor(now / HOUR) * HOUR;
    // two attempts two hours ago (one failed, then the retry succeeded), one failure now
    const early = await deliveryOf(t, webhookId);
    await attempt(early, new Date(hourStart - 2 * HOUR + 60_000), false);
    await attempt(early, new Date(hourStart - 2 * HOUR + 120_000), true);
    const late = await deliveryOf(t, webhookId);
    await attempt(late, new Date(now - 1_000), false);

    const since = new Date(hourStart - 6 * HOUR).toISOString();
    const until = new Date(hourStart + HOUR).toISOString();
    const res = await h.request
      .get(`/v1/webhooks/${webhookId}/stats?since=${since}&until=${until}`)
      .set(bearer(t.keys.full));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ webhook_id: webhookId, since, until, bucket_seconds: 300 });
    const buckets = res.body.buckets as {
      start: string;
      attempts: number;
      succeeded: number;
      success_rate: number | null;
    }[];
    expect(buckets).toHaveLength(84);
    const withAttempts = buckets.filter((b) => b.attempts > 0);
    expect(withAttempts).toEqual([
      { start: new Date(hourStart - 2 * HOUR).toISOString(), attempts: 2, succeeded: 1, success_rate: 0.5 },
      {
        start: new Date(Math.floor((now - 1_000) / 300_000) * 300_000).toISOString(),
        attempts: 1,
        succeeded: 0,
        success_rate: 0,
      },
    ]);
    expect(buckets[0]).toEqual({ start: since, attempts: 0, succeeded: 0, success_rate: null });

    // the default window: the last 24 h in 15-minute buckets
    const daily = await h.request.get(`/v1/webhooks/${webhookId}/stats`).set(bearer(t.keys.full));
    expect(daily.body.bucket_seconds).toBe(900);
    expect(daily.body.buckets.reduce((n: number, b: { attempts: number }) => n + b.attempts, 0)).toBe(3);
  });

  it("another user's webhook is a 404; a bad or too long window is a 400", async () => {
    const t = await h.tenant();
    const other = await h.tenant();
    const webhookId = await webhookOf(t);
    const stats = (key: string, q = "") =>
      h.request.get(`/v1/webhooks/${webhookId}/stats${q}`).set(bearer(key));
    expect((await stats(other.keys.full)).status).toBe(404);
    const since = new Date(Date.now() - HOUR).toISOString();
    const longAgo = new Date(Date.now() - 40 * 24 * HOUR).toISOString();
    for (const q of [`?since=${since}&until=${since}`, "?since=yesterday", `?since=${longAgo}`, "?x=1"]) {
      const res = await stats(t.keys.full, q);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
  });
});
