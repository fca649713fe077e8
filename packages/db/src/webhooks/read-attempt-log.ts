import { decodeAttemptExchange, type StoredRequestHeaders } from "@ctxlog/core";
import type { WebhookAttempt, WebhookDelivery } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";

/**
 * An attempt as readers see it: what it sent and got back read out of its `exchange` (attempts
 * recorded before it existed hold the same in their own columns). The response's body_truncated is
 * null once its body is (erased with the event's data), as those columns say it.
 */
export type AttemptView = Omit<WebhookAttempt, "exchange" | "requestHeaders" | "responseHeaders"> & {
  /** as stored: core's unpackRequestHeaders gives the headers as sent */
  requestHeaders: StoredRequestHeaders | null;
  responseHeaders: Record<string, string | string[]> | null;
};

export function toAttemptView(row: WebhookAttempt): AttemptView {
  const { exchange, ...rest } = row;
  if (exchange === null) {
    // recorded before the exchange (or nothing sent, nothing back): the columns as written
    return {
      ...rest,
      requestHeaders: rest.requestHeaders as StoredRequestHeaders | null,
      responseHeaders: rest.responseHeaders as Record<string, string | string[]> | null,
    };
  }
  const { request, response } = decodeAttemptExchange(exchange);
  return {
    ...rest,
    requestUrl: request?.url ?? null,
    requestHeaders: request?.headers ?? null,
    responseHeaders: response?.headers ?? null,
    responseBodyTruncated: response && rest.responseBody !== null ? response.bodyTruncated : null,
  };
}

type FirstAttemptColumns = Pick<
  WebhookDelivery,
  | "id"
  | "eventId"
  | "firstAttemptedAt"
  | "firstDurationMs"
  | "firstResponseStatus"
  | "firstError"
  | "firstExchange"
  | "firstResponseBody"
>;

/** The first attempt a delivery's row holds (cycle 1, number 1), as a webhook_attempts row; or null. */
export function firstAttemptOf(d: FirstAttemptColumns): WebhookAttempt | null {
  if (d.firstAttemptedAt === null) return null;
  return {
    deliveryId: d.id,
    eventId: d.eventId,
    cycle: 1,
    number: 1,
    attemptedAt: d.firstAttemptedAt,
    durationMs: d.firstDurationMs ?? 0,
    responseStatus: d.firstResponseStatus,
    error: d.firstError,
    exchange: d.firstExchange,
    requestUrl: null,
    requestHeaders: null,
    responseHeaders: null,
    responseBodyTruncated: null,
    responseBody: d.firstResponseBody,
  };
}

/**
 * Every attempt of a delivery, every cycle, oldest first: its first from its row, the others from
 * webhook_attempts (one read by key, pruned to the event's day).
 */
export async function readAttemptLog(db: DbOrTx, delivery: FirstAttemptColumns): Promise<AttemptView[]> {
  const rows = await db.webhookAttempt.findMany({
    where: { deliveryId: delivery.id, eventId: delivery.eventId },
    orderBy: [{ cycle: "asc" }, { number: "asc" }],
  });
  const first = firstAttemptOf(delivery);
  return (first ? [first, ...rows] : rows).map(toAttemptView);
}
