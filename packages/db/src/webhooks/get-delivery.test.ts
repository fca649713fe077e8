// Integration: real PostgreSQL (a fresh database). An attempt's request and response are stored
// compressed (webhook_attempts.exchange) and read back as sent; attempts recorded before the exchange
// existed read from their own columns as before.
import { buildWebhookHeaders, generateWebhookSecret, packRequestHeaders } from "@ctxlog/core";
import { createApiKey } from "../api-keys/create-api-key";
import { recordEvent } from "../events/record-event";
import { createTestDatabase, testSecretKeyring } from "../testing";
import { createWebhook } from "./create-webhook";
import { fanOutEvents } from "./fan-out-events";
import { getDelivery } from "./get-delivery";
import { type AttemptOutcome, recordAttempts } from "./record-attempts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const DELAYS = [1_000, 2_000, 3_000, 4_000];

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_get_delivery_test");
  await createApiKey(database.db, { userId: "u1", type: "full" });
});
afterAll(() => database.drop());

async function newDelivery() {
  const webhook = await createWebhook(database.db, {
    userId: "u1",
    url: "https://example.com/hook",
    events: ["context.created"],
    description: "",
    secret: generateWebhookSecret(),
    keyring: testSecretKeyring(),
    maxPerUser: 20,
  });
  await recordEvent(database.db, { userId: "u1", event: "context.created", data: { n: 1 } });
  await fanOutEvents(database.db, { batchSize: 10 });
  // the user's earlier webhooks get the event too: this webhook's delivery
  const delivery = await database.db.webhookDelivery.findFirstOrThrow({ where: { webhookId: webhook.id } });
  return { webhookId: webhook.id, id: delivery.id, eventId: delivery.eventId };
}

function sent(deliveryId: string, timestamp: number) {
  const headers = {
    ...buildWebhookHeaders({
      deliveryId,
      event: "context.created",
      body: `{"n":${timestamp}}`,
      sentAt: new Date(timestamp * 1000),
      secret: generateWebhookSecret(),
    }),
    "user-agent": "ctxlog-webhooks/1.0",
  };
  const ref = { deliveryId, event: "context.created" };
  return { url: "https://example.com/hook", headers: packRequestHeaders(headers, ref) };
}

const attempt = (deliveryId: string, over: Partial<AttemptOutcome>): AttemptOutcome => ({
  deliveryId,
  cycle: 1,
  attemptedAt: new Date(),
  finishedAt: new Date(),
  durationMs: 12,
  responseStatus: 200,
  error: null,
  succeeded: true,
  ...over,
});

it("gives back each attempt's request and response as recorded, kept compressed", async () => {
  const d = await newDelivery();
  const failed = {
    request: sent(d.id, 1795808827),
    response: {
      headers: { "x-receiver": "r1", "content-type": "application/json" },
      body: '{"e":1}',
      bodyTruncated: false,
    },
  };
  const ok = {
    request: sent(d.id, 1795808830),
    response: { headers: { "set-cookie": ["a=1", "b=2"] }, body: "x".repeat(4096), bodyTruncated: true },
  };
  await recordAttempts(
    database.db,
    [attempt(d.id, { ...failed, responseStatus: 500, error: "HTTP 500", succeeded: false })],
    DELAYS,
  );
  await recordAttempts(database.db, [attempt(d.id, ok)], DELAYS);

  const log = (await getDelivery(database.db, d.webhookId, d.id))?.attemptLog;
  expect(log?.map((a) => [a.number, a.responseStatus, a.error])).toEqual([
    [1, 500, "HTTP 500"],
    [2, 200, null],
  ]);
  for (const [i, recorded] of [failed, ok].entries()) {
    expect(log?.[i]).toMatchObject({
      requestUrl: recorded.request.url,
      requestHeaders: recorded.request.headers,
      responseHeaders: recorded.response.headers,
      responseBody: recorded.response.body,
      responseBodyTruncated: recorded.response.bodyTruncated,
    });
  }
  const rows = await database.db.$queryRaw<{ bytes: number; legacy: boolean }[]>`
    SELECT octet_length(exchange) AS bytes,
           request_url IS NULL AND request_headers IS NULL AND response_headers IS NULL
             AND response_body_truncated IS NULL AS legacy
      FROM webhook_attempts WHERE delivery_id = ${d.id}`;
  expect(rows.map((r) => r.legacy)).toEqual([true, true]);
  for (const r of rows) expect(r.bytes).toBeLessThan(160);

  // the body erased with the event's data (as eraseContextsData does): its cut says nothing either
  await database.db.$executeRaw`
    UPDATE webhook_attempts SET response_body = NULL, response_body_truncated = NULL WHERE delivery_id = ${d.id}`;
  const erased = (await getDelivery(database.db, d.webhookId, d.id))?.attemptLog;
  expect(erased?.map((a) => [a.responseBody, a.responseBodyTruncated, a.responseHeaders !== null])).toEqual([
    [null, null, true],
    [null, null, true],
  ]);
});

it("stores nothing for an attempt that sent nothing and got nothing back", async () => {
  const d = await newDelivery();
  await recordAttempts(
    database.db,
    [
      attempt(d.id, {
        responseStatus: null,
        error: "refused",
        succeeded: false,
        request: null,
        response: null,
      }),
    ],
    DELAYS,
  );
  const [row] = await database.db.webhookAttempt.findMany({ where: { deliveryId: d.id } });
  expect(row?.exchange).toBeNull();
  expect((await getDelivery(database.db, d.webhookId, d.id))?.attemptLog).toEqual([
    expect.objectContaining({
      requestUrl: null,
      requestHeaders: null,
      responseHeaders: null,
      error: "refused",
    }),
  ]);
});

it("reads an attempt recorded before the exchange from its own columns", async () => {
  const d = await newDelivery();
  const request = sent(d.id, 1795808900);
  await database.db.$executeRaw`
    INSERT INTO webhook_attempts (delivery_id, event_id, cycle, number, attempted_at, duration_ms, response_status,
                                  error, request_url, request_headers, response_headers, response_body,
                                  response_body_truncated)
    VALUES (${d.id}, ${d.eventId}, 1, 1, now(), 7, 200, NULL, ${request.url}, ${JSON.stringify(request.headers)}::jsonb,
            '{"date":"Fri, 27 Nov 2026 19:47:07 GMT"}'::jsonb, 'ok', false)`;
  expect((await getDelivery(database.db, d.webhookId, d.id))?.attemptLog).toEqual([
    expect.objectContaining({
      requestUrl: request.url,
      requestHeaders: request.headers,
      responseHeaders: { date: "Fri, 27 Nov 2026 19:47:07 GMT" },
      responseBody: "ok",
      responseBodyTruncated: false,
    }),
  ]);
});
