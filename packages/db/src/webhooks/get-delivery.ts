import { decodeAttemptExchange, type StoredRequestHeaders } from "@ctxlog/core";
import { renderPayloads } from "../events/render-payloads";
import type { PrismaClient, WebhookAttempt } from "../generated/prisma/client";

/**
 * An attempt as readers see it: what it sent and got back read out of `exchange` (attempts recorded
 * before it existed hold the same in their own columns). The response's `body_truncated` is null
 * once its body is (erased with the event's data), as those columns say it.
 */
export type AttemptView = Omit<WebhookAttempt, "exchange" | "requestHeaders" | "responseHeaders"> & {
  /** as stored: core's unpackRequestHeaders gives the headers as sent */
  requestHeaders: StoredRequestHeaders | null;
  responseHeaders: Record<string, string | string[]> | null;
};

export function toAttemptView(row: WebhookAttempt): AttemptView {
  const { exchange, ...rest } = row;
  if (exchange === null) {
    // recorded before the exchange: JSON columns, as the worker wrote them
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

/**
 * One delivery of one webhook with every attempt of every cycle, oldest first, and the event's
 * payload as sent (the exact bytes every attempt sent, rendered from the stored template); null if absent.
 * Three reads by key, each pruned to the event's day (the tables are partitioned by event id and
 * hold no foreign keys between them, so there is no relation to join through).
 */
export async function getDelivery(db: PrismaClient, webhookId: string, deliveryId: string) {
  const row = await db.webhookDelivery.findFirst({ where: { id: deliveryId, webhookId } });
  if (!row) return null;
  const [attempts, event] = await Promise.all([
    db.webhookAttempt.findMany({
      where: { deliveryId: row.id, eventId: row.eventId },
      orderBy: [{ cycle: "asc" }, { number: "asc" }],
    }),
    db.outboxEvent.findUnique({ where: { id: row.eventId }, select: { payload: true, contextId: true } }),
  ]);
  if (!event) throw new Error(`delivery ${row.id} has no event ${row.eventId}`);
  const [outbox] = await renderPayloads(db, [event]);
  return { ...row, attemptLog: attempts.map(toAttemptView), outbox: outbox as typeof event };
}

export type DeliveryWithAttempts = NonNullable<Awaited<ReturnType<typeof getDelivery>>>;
