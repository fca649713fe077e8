// Integration: real PostgreSQL. The migrations that leave each delivery attempt one stored form and
// one place (20261130003000_one_attempt_form, its data step attempt_forms, then
// 20261130003100_attempts_in_one_place), applied to a database holding attempts in every form
// written before: the four columns (request headers whole, in format 1 and packed), exchanges whose
// headers are whole or format 1 (in webhook_attempts and in a delivery's row), a first attempt kept
// as a webhook_attempts row, an erased body, nothing sent. After them every attempt reads as it did
// (the attempt log, GET delivery; the delivery id its headers name is the delivery's public id since
// 20261130233000), is stored as its exchange with packed headers, first attempts in
// their delivery's row; the delivery is retried and sent the same; headers the packed form cannot
// give back stop the upgrade, naming the attempt, and leave every row as it was.

import { deflateRawSync } from "node:zlib";
import {
  buildWebhookHeaders,
  decodeAttemptExchange,
  deliveryIdOf,
  deliveryKeyText,
  generateWebhookSecret,
  keptRequestHeaders,
  newId,
  packRequestHeaders,
} from "@ctxlog/core";
import { createDb } from "../client";
import { ATTEMPT_FORMS, ATTEMPT_SIGNATURES_NOT_KEPT } from "../data-steps/attempt-forms";
import { EXCHANGE_DICTIONARY_1 } from "../data-steps/older-attempt-forms";
import { recordEvent } from "../events/record-event";
import { inSqlTransaction } from "../sql-transaction";
import { testSecretKeyring } from "../testing";
import { withEventUsersLent } from "../testing/lent-tables";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { createWebhook } from "./create-webhook";
import { getDelivery } from "./get-delivery";
import { loadDeliveryTargets } from "./load-delivery-targets";
import { readDeliveryRates } from "./read-delivery-rates";
import { recordAttempts } from "./record-attempts";
import { retryDelivery } from "./retry-delivery";
import type { AttemptView } from "./stored-attempts";

const MIGRATION = "20261130003000_one_attempt_form";
const URL = "https://example.com/hook";
const RESPONSE = { date: "Mon, 30 Nov 2026 00:10:00 GMT", "content-type": "text/plain" };
type Db = ReturnType<typeof createDb>;

const upgrades: UpgradeDatabase[] = [];
afterAll(() => Promise.all(upgrades.map((u) => u.drop())));
async function upgradeDatabase(label: string, migration = MIGRATION) {
  const upgrade = await createUpgradeDatabase(migration, label);
  upgrades.push(upgrade);
  await upgrade.migrateToBefore();
  return { upgrade, db: createDb(upgrade.url, { poolSize: 2 }) };
}

/** A failed delivery of a webhook of a new user (its event named by no context). */
async function delivery(
  upgrade: UpgradeDatabase,
  db: Db,
  userId: string,
  options: { eventColumn?: boolean } = {},
) {
  // written as this older schema holds a key (its hash as hex text), not through today's Prisma model
  await upgrade.seedOwner({ userId, keyId: `key_${userId}`, familyId: `fam_${userId}` });
  const hook = await createWebhook(db, {
    userId,
    url: URL,
    events: ["context.created"],
    description: "",
    secret: generateWebhookSecret(),
    keyring: testSecretKeyring(),
    maxPerUser: 10,
  });
  const event = await withEventUsersLent(
    (sql) => db.$executeRawUnsafe(sql),
    () => recordEvent(db, { userId, event: "context.created", data: { n: 1 } }),
  );
  // fanned out as this older schema holds a delivery: with its event's name (until
  // 20261130130000_delivery_event_name_from_its_event), which today's fan-out no longer writes
  const id = newId("dlv");
  if (options.eventColumn === false)
    await db.$executeRaw`
      WITH fanned AS (DELETE FROM unfanned_events WHERE id = ${event.id})
      INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, next_attempt_at, created_at, updated_at)
      VALUES (${id}, ${hook.id}, ${event.id}, 'pending', now(), now(), now())`;
  else
    await db.$executeRaw`
      WITH fanned AS (DELETE FROM unfanned_events WHERE id = ${event.id})
      INSERT INTO webhook_deliveries (id, webhook_id, event_id, event, status, next_attempt_at, created_at, updated_at)
      VALUES (${id}, ${hook.id}, ${event.id}, 'context.created', 'pending', now(), now(), now())`;
  // its id as this older schema holds it, and its public id once migrated: its event's (migration
  // 20261130233000_deliveries_keyed_by_webhook_and_event)
  return { hook, id, publicId: deliveryIdOf(event.id), eventId: event.id, event: "context.created" };
}

/** The headers one attempt sent (the worker's, then the sender's user agent). */
function sentHeaders(
  d: { id: string; event: string },
  second: number,
  options: { previous?: boolean } = {},
): Record<string, string> {
  return {
    ...buildWebhookHeaders({
      deliveryId: d.id,
      event: d.event,
      body: `{"n":${second}}`,
      sentAt: new Date(Date.UTC(2026, 10, 30, 0, 0, second)),
      secret: generateWebhookSecret(),
      previousSecret: options.previous ? generateWebhookSecret() : null,
    }),
    "user-agent": "ctxlog-webhooks/1.0",
  };
}
/** Format 1 of those headers (the hex signatures as text, the user agent named). */
function format1(headers: Record<string, string>) {
  return {
    "@v": 1,
    t: Number(headers["x-service-timestamp"]),
    s: headers["x-service-signature"],
    w: headers["webhook-signature"],
    ...(headers["x-service-signature-previous"] ? { p: headers["x-service-signature-previous"] } : {}),
    ua: headers["user-agent"],
  };
}
/** Format 2 of those headers (the signatures' bytes as base64url, the default user agent implied). */
function format2(headers: Record<string, string>) {
  const b64url = (hex: string | undefined) => Buffer.from(hex ?? "", "hex").toString("base64url");
  return {
    "@v": 2,
    t: Number(headers["x-service-timestamp"]),
    s: b64url(headers["x-service-signature"]),
    w: headers["webhook-signature"],
    ...(headers["x-service-signature-previous"]
      ? { p: b64url(headers["x-service-signature-previous"]) }
      : {}),
  };
}
/**
 * An exchange as its format-1 writer stored it: [1][flags][MACs][raw DEFLATE primed with its
 * dictionary], the packed headers' X-Service-Signature taken out as its bytes when it is one.
 */
function format1Exchange(exchange: {
  request: { url: string; headers: unknown } | null;
  response: { headers: Record<string, string>; bodyTruncated: boolean } | null;
}): Buffer {
  const json: Record<string, unknown> = {};
  let flags = 0;
  const macs: Buffer[] = [];
  if (exchange.request) {
    json.u = exchange.request.url;
    const q = exchange.request.headers as Record<string, unknown> | null;
    if (q?.["@v"] === 2 && typeof q.s === "string") {
      flags = 1;
      macs.push(Buffer.from(q.s, "base64url"));
      const { s: _s, ...rest } = q;
      json.q = rest;
    } else json.q = q;
  }
  if (exchange.response) {
    json.r = exchange.response.headers;
    json.x = exchange.response.bodyTruncated;
  }
  const packed = deflateRawSync(Buffer.from(JSON.stringify(json)), { dictionary: EXCHANGE_DICTIONARY_1 });
  return Buffer.concat([Buffer.from([1, flags]), ...macs, packed]);
}
const at = (second: number) => new Date(Date.UTC(2026, 10, 30, 0, 0, second));

/** An attempt as the code of the time wrote it, and how it reads. */
interface OldAttempt {
  number: number;
  attemptedAt: Date;
  responseStatus: number | null;
  error: string | null;
  /** the four columns, or the exchange as a whole-map/format-1 writer made it */
  columns?: {
    url: string | null;
    headers: unknown;
    response: typeof RESPONSE | null;
    truncated: boolean | null;
  };
  exchange?: Buffer;
  /** kept in the delivery's row (first_*) rather than webhook_attempts */
  inline?: boolean;
  responseBody: string | null;
  reads: Pick<AttemptView, "requestUrl" | "requestHeaders" | "responseHeaders" | "responseBodyTruncated">;
}

async function insertOld(
  upgrade: UpgradeDatabase,
  d: { id: string; eventId: string },
  attempts: OldAttempt[],
) {
  for (const a of attempts) {
    if (a.inline) {
      await upgrade.sql(
        `UPDATE webhook_deliveries SET first_attempted_at = $3, first_duration_ms = 9, first_response_status = $4,
                first_error = $5, first_exchange = $6, first_response_body = $7
          WHERE event_id = $1 AND id = $2`,
        [d.eventId, d.id, a.attemptedAt, a.responseStatus, a.error, a.exchange ?? null, a.responseBody],
      );
      continue;
    }
    const c = a.columns;
    if (c === undefined) {
      // an exchange alone: as every schema since the four columns went writes an attempt
      await upgrade.sql(
        `INSERT INTO webhook_attempts (delivery_id, event_id, cycle, number, attempted_at, duration_ms, response_status,
                                       error, exchange, response_body)
         VALUES ($1, $2, 1, $3, $4, 9, $5, $6, $7, $8)`,
        [
          d.id,
          d.eventId,
          a.number,
          a.attemptedAt,
          a.responseStatus,
          a.error,
          a.exchange ?? null,
          a.responseBody,
        ],
      );
      continue;
    }
    await upgrade.sql(
      `INSERT INTO webhook_attempts (delivery_id, event_id, cycle, number, attempted_at, duration_ms, response_status,
                                     error, exchange, request_url, request_headers, response_headers, response_body,
                                     response_body_truncated)
       VALUES ($1, $2, 1, $3, $4, 9, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        d.id,
        d.eventId,
        a.number,
        a.attemptedAt,
        a.responseStatus,
        a.error,
        a.exchange ?? null,
        c?.url ?? null,
        c?.headers === undefined || c.headers === null ? null : JSON.stringify(c.headers),
        c?.response ? JSON.stringify(c.response) : null,
        a.responseBody,
        c?.truncated ?? null,
      ],
    );
  }
  const last = attempts[attempts.length - 1];
  await upgrade.sql(
    `UPDATE webhook_deliveries SET status = 'failed', attempts = $3, last_attempt_at = $4, next_attempt_at = NULL,
            response_status = $5, error_message = $6 WHERE event_id = $1 AND id = $2`,
    [d.eventId, d.id, attempts.length, last?.attemptedAt, last?.responseStatus, last?.error],
  );
}

/**
 * How old attempts should read once rewritten and migrated: as sent, but for the delivery id their
 * headers name, its public id now (the headers are rebuilt from the delivery's id on read, migration
 * 20261130233000).
 */
const expected = (list: OldAttempt[], deliveryId: string) =>
  list.map((a) => ({
    number: a.number,
    attemptedAt: a.attemptedAt,
    responseStatus: a.responseStatus,
    error: a.error,
    responseBody: a.responseBody,
    ...a.reads,
    requestHeaders: a.reads.requestHeaders && {
      ...a.reads.requestHeaders,
      "x-service-delivery": deliveryId,
      "webhook-id": deliveryId,
    },
  }));

const readsOf = (log: AttemptView[] | undefined) =>
  log?.map((a) => ({
    number: a.number,
    attemptedAt: a.attemptedAt,
    responseStatus: a.responseStatus,
    error: a.error,
    responseBody: a.responseBody,
    requestUrl: a.requestUrl,
    requestHeaders: a.requestHeaders,
    responseHeaders: a.responseHeaders,
    responseBodyTruncated: a.responseBodyTruncated,
  }));

it("rewrites every attempt into its exchange, first attempts in their delivery's row, read and retried the same", async () => {
  const { upgrade, db } = await upgradeDatabase("attempt_forms");
  try {
    const d = await delivery(upgrade, db, "u1");
    const h = (second: number, options?: { previous?: boolean }) => sentHeaders(d, second, options);
    const [h1, h2, h3, h4, h6] = [h(1), h(2, { previous: true }), h(3), h(4), h(6)];
    const sent = (headers: Record<string, string>, body: string | null, truncated: boolean | null) => ({
      requestUrl: URL,
      requestHeaders: keptRequestHeaders(headers),
      responseHeaders: RESPONSE,
      responseBodyTruncated: body === null ? null : truncated,
    });
    const attempts: OldAttempt[] = [
      // the first, a webhook_attempts row in the four columns, its headers whole
      {
        number: 1,
        attemptedAt: at(1),
        responseStatus: 500,
        error: "HTTP 500",
        columns: { url: URL, headers: h1, response: RESPONSE, truncated: false },
        responseBody: "down",
        reads: sent(h1, "down", false),
      },
      // format 1 in the columns, during a secret rotation; its body cut
      {
        number: 2,
        attemptedAt: at(2),
        responseStatus: 502,
        error: "HTTP 502",
        columns: { url: URL, headers: format1(h2), response: RESPONSE, truncated: true },
        responseBody: "x".repeat(4096),
        reads: sent(h2, "cut", true),
      },
      // packed headers in the columns; its body erased with the event's data
      {
        number: 3,
        attemptedAt: at(3),
        responseStatus: 503,
        error: "HTTP 503",
        columns: {
          url: URL,
          headers: format2(h3),
          response: RESPONSE,
          truncated: null,
        },
        responseBody: null,
        reads: sent(h3, null, null),
      },
      // an exchange holding the headers whole
      {
        number: 4,
        attemptedAt: at(4),
        responseStatus: 504,
        error: "HTTP 504",
        exchange: format1Exchange({
          request: { url: URL, headers: h4 },
          response: { headers: RESPONSE, bodyTruncated: false },
        }),
        responseBody: "late",
        reads: sent(h4, "late", false),
      },
      // nothing sent, nothing back (a refused address), in the columns' time
      {
        number: 5,
        attemptedAt: at(5),
        responseStatus: null,
        error: "destination not allowed",
        columns: { url: null, headers: null, response: null, truncated: null },
        responseBody: null,
        reads: { requestUrl: null, requestHeaders: null, responseHeaders: null, responseBodyTruncated: null },
      },
      // an exchange holding format 1; sent, no response came
      {
        number: 6,
        attemptedAt: at(6),
        responseStatus: null,
        error: "timeout",
        exchange: format1Exchange({
          request: { url: URL, headers: format1(h6) },
          response: null,
        }),
        responseBody: null,
        reads: {
          requestUrl: URL,
          requestHeaders: keptRequestHeaders(h6),
          responseHeaders: null,
          responseBodyTruncated: null,
        },
      },
    ];
    // a second delivery whose first attempt is in its row already, its exchange holding format 1
    const e = await delivery(upgrade, db, "u2");
    const eh = sentHeaders(e, 7);
    const inline: OldAttempt = {
      number: 1,
      attemptedAt: at(7),
      responseStatus: 500,
      error: "HTTP 500",
      inline: true,
      exchange: format1Exchange({
        request: { url: URL, headers: format1(eh) },
        response: { headers: RESPONSE, bodyTruncated: false },
      }),
      responseBody: "no",
      reads: sent(eh, "no", false),
    };
    await insertOld(upgrade, d, attempts);
    await insertOld(upgrade, e, [inline]);

    // once: at its own schema (where its statements are typed: docs/sql.md), run again it finds
    // nothing to do
    expect(await upgrade.migrateThrough(MIGRATION)).toEqual([MIGRATION]);
    const stored = await upgrade.sql("SELECT * FROM webhook_attempt_log ORDER BY delivery_id, cycle, number");
    await inSqlTransaction(db, (sql) => ATTEMPT_FORMS.run(sql, { keyring: null }));
    expect(
      await upgrade.sql("SELECT * FROM webhook_attempt_log ORDER BY delivery_id, cycle, number"),
    ).toEqual(stored);

    expect(await upgrade.migrateAll()).toContain("20261130003100_attempts_in_one_place");

    // read as they were (GET delivery's attempt log, by the delivery's public id)
    const got = await getDelivery(db, d.hook.id, d.publicId);
    expect(readsOf(got?.attemptLog)).toEqual(expected(attempts, d.publicId));
    expect(readsOf((await getDelivery(db, e.hook.id, e.publicId))?.attemptLog)).toEqual(
      expected([inline], e.publicId),
    );
    // every attempt counted by the rates
    const rates = await readDeliveryRates(db, d.hook.id, {
      since: at(0),
      until: new Date(Date.now() + 60_000),
    });
    expect(rates.buckets.reduce((n, b) => n + b.attempts, 0)).toBe(attempts.length);

    // stored in their one form and place: the first in its delivery's row, every request's headers packed
    expect(
      await upgrade.sql(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'webhook_attempts' AND column_name IN ('request_url', 'request_headers', 'response_headers', 'response_body_truncated')",
      ),
    ).toEqual([]);
    const rows = await upgrade.sql<{ number: number }>(
      `SELECT number FROM webhook_attempts
        WHERE event_id = $1 AND webhook_ref = (SELECT ref FROM webhooks WHERE id = $2) ORDER BY number`,
      [d.eventId, d.hook.id],
    );
    expect(rows.map((r) => r.number)).toEqual([2, 3, 4, 5, 6]);
    const exchanges = await upgrade.sql<{ exchange: Buffer | null }>(
      "SELECT exchange FROM webhook_attempt_log WHERE exchange IS NOT NULL",
    );
    // (all but the one that sent nothing and got nothing back, and the second delivery's)
    expect(exchanges).toHaveLength(attempts.length - 1 + 1);
    for (const { exchange } of exchanges)
      expect(decodeAttemptExchange(exchange as Buffer).request?.headers).toEqual({
        "@v": 3,
        t: expect.any(Number),
      });

    // retried: a new cycle, sent the same body, its first attempt a row of its own after the old ones
    expect((await retryDelivery(db, d.hook.id, d.publicId)).outcome).toBe("retried");
    const key = { eventId: d.eventId, webhookId: d.hook.id };
    const target = (await loadDeliveryTargets(db, [key])).get(deliveryKeyText(key));
    expect(target).toMatchObject({ id: d.publicId, cycle: 2, attempts: 0, payload: got?.outbox.payload });
    const retryHeaders = sentHeaders({ id: d.publicId, event: d.event }, 8);
    await recordAttempts(
      db,
      [
        {
          ...key,
          cycle: 2,
          attemptedAt: at(8),
          finishedAt: at(8),
          durationMs: 4,
          responseStatus: 200,
          error: null,
          succeeded: true,
          request: {
            url: URL,
            headers: packRequestHeaders(retryHeaders, { deliveryId: d.publicId, event: d.event }),
          },
          response: { headers: RESPONSE, body: "ok", bodyTruncated: false },
        },
      ],
      [1_000],
    );
    const after = (await getDelivery(db, d.hook.id, d.publicId))?.attemptLog ?? [];
    expect(after.map((a) => [a.cycle, a.number])).toEqual([...attempts.map((a) => [1, a.number]), [2, 1]]);
    expect(after[after.length - 1]).toMatchObject({
      requestHeaders: keptRequestHeaders(retryHeaders),
      responseBody: "ok",
    });
  } finally {
    await db.$disconnect();
  }
});

it("stops the upgrade, naming the attempt, when its headers cannot be packed; rewrites nothing", async () => {
  const { upgrade, db } = await upgradeDatabase("attempt_forms_refused");
  try {
    const d = await delivery(upgrade, db, "u3");
    const headers = sentHeaders(d, 1);
    const good: OldAttempt = {
      number: 1,
      attemptedAt: at(1),
      responseStatus: 500,
      error: "HTTP 500",
      columns: { url: URL, headers, response: RESPONSE, truncated: false },
      responseBody: "down",
      reads: {
        requestUrl: URL,
        requestHeaders: keptRequestHeaders(headers),
        responseHeaders: RESPONSE,
        responseBodyTruncated: false,
      },
    };
    // a header the worker never sends: the packed form would drop it
    const extra: OldAttempt = {
      ...good,
      number: 2,
      attemptedAt: at(2),
      columns: {
        url: URL,
        headers: { ...sentHeaders(d, 2), "x-extra": "1" },
        response: RESPONSE,
        truncated: false,
      },
    };
    await insertOld(upgrade, d, [good, extra]);
    const before = await upgrade.sql("SELECT * FROM webhook_attempts ORDER BY number");

    const failure = upgrade.migrateAll();
    await expect(failure).rejects.toThrow(/1 webhook attempts cannot be stored in their one form/);
    await failure.catch((error: Error) => expect(error.message).toContain(`${d.id} attempt 1.2 (`));
    expect(await upgrade.sql("SELECT * FROM webhook_attempts ORDER BY number")).toEqual(before);
    expect(await upgrade.sql("SELECT name FROM ctxlog_data_steps WHERE name = 'attempt_forms'")).toEqual([]);
  } finally {
    await db.$disconnect();
  }
});

it("keeps no signature: exchanges of format 1 rewritten to format 2, read the same signatures aside", async () => {
  const NOT_KEPT = "20261130171000_attempt_signatures_not_kept";
  const { upgrade, db } = await upgradeDatabase("attempt_signatures_not_kept", NOT_KEPT);
  try {
    const d = await delivery(upgrade, db, "u4", { eventColumn: false });
    const first = sentHeaders(d, 1, { previous: true });
    const second = sentHeaders(d, 2);
    const response = { headers: RESPONSE, bodyTruncated: false };
    const attempts: OldAttempt[] = [
      // the first in the delivery's row, sent during a secret rotation (three signatures)
      {
        number: 1,
        attemptedAt: at(1),
        responseStatus: 500,
        error: "HTTP 500",
        inline: true,
        exchange: format1Exchange({ request: { url: URL, headers: format2(first) }, response }),
        responseBody: "down",
        reads: {
          requestUrl: URL,
          requestHeaders: keptRequestHeaders(first),
          responseHeaders: RESPONSE,
          responseBodyTruncated: false,
        },
      },
      {
        number: 2,
        attemptedAt: at(2),
        responseStatus: 503,
        error: "HTTP 503",
        exchange: format1Exchange({ request: { url: URL, headers: format2(second) }, response }),
        responseBody: "later",
        reads: {
          requestUrl: URL,
          requestHeaders: keptRequestHeaders(second),
          responseHeaders: RESPONSE,
          responseBodyTruncated: false,
        },
      },
    ];
    await insertOld(upgrade, d, attempts);
    const sizeBefore = await upgrade.sql<{ n: number }>(
      "SELECT sum(octet_length(exchange))::int AS n FROM webhook_attempt_log",
    );

    // once: at its own schema (where its statements are typed: docs/sql.md), run again it finds
    // nothing to do
    expect(await upgrade.migrateThrough(NOT_KEPT)).toEqual([NOT_KEPT]);
    const once = await upgrade.sql("SELECT * FROM webhook_attempt_log ORDER BY delivery_id, cycle, number");
    await inSqlTransaction(db, (sql) => ATTEMPT_SIGNATURES_NOT_KEPT.run(sql, { keyring: null }));
    expect(
      await upgrade.sql("SELECT * FROM webhook_attempt_log ORDER BY delivery_id, cycle, number"),
    ).toEqual(once);

    await upgrade.migrateAll();

    const got = await getDelivery(db, d.hook.id, d.publicId);
    expect(readsOf(got?.attemptLog)).toEqual(expected(attempts, d.publicId));
    // the attempt's record names no signature header, and its stored bytes hold none of the MACs
    for (const a of got?.attemptLog ?? [])
      expect(Object.keys(a.requestHeaders ?? {}).filter((n) => n.includes("signature"))).toEqual([]);
    const stored = await upgrade.sql<{ exchange: Buffer }>("SELECT exchange FROM webhook_attempt_log");
    expect(stored).toHaveLength(2);
    for (const { exchange } of stored) {
      expect(exchange[0]).toBe(2);
      for (const headers of [first, second])
        expect(exchange.includes(Buffer.from(headers["x-service-signature"] as string, "hex"))).toBe(false);
    }
    const sizeAfter = await upgrade.sql<{ n: number }>(
      "SELECT sum(octet_length(exchange))::int AS n FROM webhook_attempt_log",
    );
    expect(sizeAfter[0]?.n).toBeLessThan((sizeBefore[0]?.n ?? 0) - 2 * 32);
  } finally {
    await db.$disconnect();
  }
});
