// Integration: real PostgreSQL (a fresh database). A delivery's attempts: the first kept in its row,
// later ones in webhook_attempts, each one's request and response compressed (exchange) and read back
// as sent (stored-attempts.ts). Attempts in the forms written before: attempt-forms.migration.test.ts.
import {
  buildWebhookHeaders,
  contextCreatedData,
  type DeliveryKey,
  deliveryIdOf,
  generateWebhookSecret,
  keptRequestHeaders,
  packRequestHeaders,
} from "@ctxlog/core";
import { createApiKey } from "../api-keys/create-api-key";
import { type Context, toContextView } from "../contexts/context-view";
import { eraseContextData } from "../contexts/erase-context-data";
import { getContext } from "../contexts/get-context";
import { recordEvent } from "../events/record-event";
import { createTestDatabase, deliveryRowOf, seedContexts, seedUser, testSecretKeyring } from "../testing";
import { TEST_CONTEXT_SIGNER } from "../testing/anchor-fixtures";
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

const webhookOf = (userId: string) =>
  createWebhook(database.db, {
    userId,
    url: "https://example.com/hook",
    events: ["context.created"],
    description: "",
    secret: generateWebhookSecret(),
    keyring: testSecretKeyring(),
    maxPerUser: 20,
  });

async function newDelivery() {
  const webhook = await webhookOf("u1");
  await recordEvent(database.db, { userId: "u1", event: "context.created", data: { n: 1 } });
  await fanOutEvents(database.db, { batchSize: 10 });
  // the user's earlier webhooks get the event too: this webhook's delivery
  const delivery = await database.db.webhookDelivery.findFirstOrThrow({
    where: { webhook: { id: webhook.id } },
  });
  // its key, and its public id (the API's): its event's
  return { webhookId: webhook.id, eventId: delivery.eventId, id: deliveryIdOf(delivery.eventId) };
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
  // what the attempt's record gives back: every header sent but the signatures, which are not kept
  return {
    url: "https://example.com/hook",
    headers: packRequestHeaders(headers, ref),
    sent: keptRequestHeaders(headers),
  };
}

const attempt = (d: DeliveryKey, over: Partial<AttemptOutcome>): AttemptOutcome => ({
  eventId: d.eventId,
  webhookId: d.webhookId,
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
    [attempt(d, { ...failed, responseStatus: 500, error: "HTTP 500", succeeded: false })],
    DELAYS,
  );
  await recordAttempts(database.db, [attempt(d, ok)], DELAYS);

  const log = (await getDelivery(database.db, d.webhookId, d.id))?.attemptLog;
  expect(log?.map((a) => [a.number, a.responseStatus, a.error])).toEqual([
    [1, 500, "HTTP 500"],
    [2, 200, null],
  ]);
  for (const [i, recorded] of [failed, ok].entries()) {
    expect(log?.[i]).toMatchObject({
      requestUrl: recorded.request.url,
      requestHeaders: recorded.request.sent,
      responseHeaders: recorded.response.headers,
      responseBody: recorded.response.body,
      responseBodyTruncated: recorded.response.bodyTruncated,
    });
  }
  // the first in the delivery's row, the second a webhook_attempts row
  const rows = await database.db.$queryRaw<{ number: number; bytes: number }[]>`
    SELECT 1 AS number, octet_length(first_exchange) AS bytes FROM webhook_deliveries
     WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = ${d.webhookId}) AND event_id = ${d.eventId}
    UNION ALL
    SELECT number, octet_length(exchange) FROM webhook_attempts
     WHERE event_id = ${d.eventId} AND webhook_ref = (SELECT ref FROM webhooks WHERE id = ${d.webhookId})`;
  expect(rows.map((r) => r.number)).toEqual([1, 2]);
  for (const r of rows) expect(r.bytes).toBeLessThan(160);

  // the body erased with the event's data (as eraseContextsData does): its cut says nothing either
  await database.db.$executeRaw`
    UPDATE webhook_attempts SET response_body = NULL
     WHERE event_id = ${d.eventId} AND webhook_ref = (SELECT ref FROM webhooks WHERE id = ${d.webhookId})`;
  await database.db.$executeRaw`
    UPDATE webhook_deliveries SET first_response_body = NULL
     WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = ${d.webhookId}) AND event_id = ${d.eventId}`;
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
      attempt(d, {
        responseStatus: null,
        error: "refused",
        succeeded: false,
        request: null,
        response: null,
      }),
    ],
    DELAYS,
  );
  const row = await deliveryRowOf(database.db, d);
  expect(row).toMatchObject({ firstError: "refused", firstExchange: null });
  expect((await getDelivery(database.db, d.webhookId, d.id))?.attemptLog).toEqual([
    expect.objectContaining({
      deliveryId: d.id,
      requestUrl: null,
      requestHeaders: null,
      responseHeaders: null,
      error: "refused",
    }),
  ]);
  // the user's earlier webhook got the same event: a delivery with the same public id, within that
  // webhook, with attempts of its own (none)
  const [other] = await database.db.webhookDelivery.findMany({
    where: { eventId: d.eventId, webhook: { id: { not: d.webhookId } } },
    include: { webhook: { select: { id: true } } },
  });
  expect(other).toMatchObject({ attempts: 0, status: "pending" });
  expect(await getDelivery(database.db, other?.webhook.id as string, d.id)).toMatchObject({
    id: d.id,
    webhookId: other?.webhook.id,
    eventId: d.eventId,
    attemptLog: [],
  });
});

it("erasing a context's data clears what receivers answered to its events, first attempt and later ones", async () => {
  const owner = await seedUser(database.db);
  const [contextId] = await seedContexts(database.db, owner, {
    count: 1,
    signerPrivateKey: TEST_CONTEXT_SIGNER,
  });
  const webhook = await webhookOf(owner.userId);
  await recordEvent(database.db, {
    userId: owner.userId,
    event: "context.created",
    contextId,
    // as the chain worker records it: the context's data in it
    data: contextCreatedData(
      toContextView(
        (await getContext(database.db, { ...owner, scope: "all" }, contextId as string)) as Context,
      ),
    ),
  });
  await fanOutEvents(database.db, { batchSize: 10 });
  const row = await database.db.webhookDelivery.findFirstOrThrow({ where: { webhook: { id: webhook.id } } });
  const d: DeliveryKey = { eventId: row.eventId, webhookId: webhook.id };
  const echoed = {
    headers: { "content-type": "text/plain" },
    body: `got ${contextId}`,
    bodyTruncated: false,
  };
  const failure = { responseStatus: 500, error: "HTTP 500", succeeded: false, response: echoed };
  await recordAttempts(database.db, [attempt(d, failure)], DELAYS);
  await recordAttempts(database.db, [attempt(d, { response: echoed })], DELAYS);
  const id = deliveryIdOf(d.eventId);
  const before = (await getDelivery(database.db, webhook.id, id))?.attemptLog;
  expect(before?.map((a) => a.responseBody)).toEqual([echoed.body, echoed.body]);

  await eraseContextData(database.db, {
    userId: owner.userId,
    contextId: contextId as string,
    by: { kind: "retention" },
  });
  const after = (await getDelivery(database.db, webhook.id, id))?.attemptLog;
  expect(after?.map((a) => [a.responseBody, a.responseStatus, a.responseHeaders])).toEqual([
    [null, 500, echoed.headers],
    [null, 200, echoed.headers],
  ]);
});
