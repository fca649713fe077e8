import {
  type AttemptExchange,
  type DeliveryKey,
  decodeAttemptExchange,
  encodeAttemptExchange,
  type PackedRequestHeaders,
  unpackRequestHeaders,
} from "@ctxlog/core";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { attemptLogOfDelivery } from "./stored-attempts.queries";

/**
 * Where a delivery attempt lives, and its one stored form (issue 37). A delivery's first attempt
 * (cycle 1, number 1) is kept in its own row (webhook_deliveries.first_*: recording it rewrites the
 * row anyway, so it costs no row, key or index entry of its own), every other one is a row of
 * webhook_attempts; both are read through the view webhook_attempt_log (migration
 * 20261130003000_one_attempt_form), and written by the one statement that records an attempt and
 * moves its delivery on (delivery-transitions.sql recordDeliveryAttempts, which is handed the
 * exchange made here). What an attempt sent and got back is its `exchange` (@ctxlog/core
 * attempt-exchange.ts, its request headers packed: attempt-request-headers.ts); the response body
 * and the error stay columns (erasure clears the body in SQL; the rates count errors in SQL).
 */

/** What one attempt sent and got back, as the worker observed it. */
export interface AttemptSides {
  /** what was sent, its headers packed (core's packRequestHeaders); null when nothing was */
  request?: { url: string; headers: PackedRequestHeaders | null } | null;
  /** what came back; null when no response came */
  response?: {
    headers: Record<string, string | string[]>;
    /** at most 4 KiB, no NUL characters */
    body: string;
    bodyTruncated: boolean;
  } | null;
}

/** The exchange to store for an attempt, as base64 text (a statement's parameter); null when neither side. */
export function storedExchangeOf(sides: AttemptSides): string | null {
  if (!sides.request && !sides.response) return null;
  const exchange: AttemptExchange = {
    request: sides.request ?? null,
    response: sides.response
      ? { headers: sides.response.headers, bodyTruncated: sides.response.bodyTruncated }
      : null,
  };
  return encodeAttemptExchange(exchange).toString("base64");
}

/** An attempt as readers see it: its request headers as sent. */
export interface AttemptView {
  deliveryId: string;
  eventId: string;
  webhookId: string;
  cycle: number;
  number: number;
  attemptedAt: Date;
  durationMs: number;
  /** HTTP status, or null when no response came */
  responseStatus: number | null;
  error: string | null;
  /** null when nothing was sent */
  requestUrl: string | null;
  requestHeaders: Record<string, string> | null;
  /** null when no response came */
  responseHeaders: Record<string, string | string[]> | null;
  /** the first 4 KiB of the response body; null once erased with the event's data */
  responseBody: string | null;
  /** whether the body was cut at 4 KiB; null when there is no body (none came, or it was erased) */
  responseBodyTruncated: boolean | null;
}

/** The delivery an attempt log is read for: its key, and what its attempts' packed headers leave out. */
export interface AttemptLogDelivery extends DeliveryKey {
  /** its public id (delivery-key.ts) */
  id: string;
  /** the event's name */
  event: string;
}

/**
 * Every attempt of a delivery, every cycle, oldest first: one read of webhook_attempt_log by the
 * delivery's key (its first from the delivery's row, the others from webhook_attempts).
 */
export async function readAttemptLog(
  db: DbOrTx | SqlRunner,
  delivery: AttemptLogDelivery,
): Promise<AttemptView[]> {
  const rows = await runQuery(
    attemptLogOfDelivery,
    { eventId: delivery.eventId, webhookId: delivery.webhookId },
    sqlOf(db),
  );
  const ref = { deliveryId: delivery.id, event: delivery.event };
  return rows.map((r) => {
    const { request, response } = r.exchange
      ? decodeAttemptExchange(r.exchange)
      : { request: null, response: null };
    return {
      deliveryId: delivery.id,
      eventId: delivery.eventId,
      webhookId: delivery.webhookId,
      cycle: r.cycle,
      number: r.number,
      attemptedAt: r.attempted_at,
      durationMs: r.duration_ms,
      responseStatus: r.response_status,
      error: r.error,
      requestUrl: request?.url ?? null,
      requestHeaders: request?.headers ? unpackRequestHeaders(request.headers, ref) : null,
      responseHeaders: response?.headers ?? null,
      responseBody: r.response_body,
      responseBodyTruncated: response && r.response_body !== null ? response.bodyTruncated : null,
    };
  });
}
