import { DEFAULT_PG_TIMEOUTS } from "@ctxlog/core";
import { Client } from "pg";

/** The PostgreSQL channel on which new outbox events are announced (per database). */
export const OUTBOX_EVENTS_CHANNEL = "ctxlog_outbox_events";

export interface OutboxListener {
  close(): Promise<void>;
}

/**
 * Calls `onEvents` whenever events are recorded in this database, on a dedicated connection that
 * LISTENs (Prisma cannot). It reconnects after `retryMs` when the connection drops, and calls
 * `onEvents` once on every (re)connection, since notifications sent meanwhile were lost. A
 * notification is only a hint to look now: callers keep polling as the safety net.
 */
export function listenForRecordedEvents(
  databaseUrl: string,
  onEvents: () => void,
  opts: { onError?: (err: unknown) => void; retryMs?: number } = {},
): OutboxListener {
  let client: Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    // A stalled server fails the connect or the LISTEN, which then retries, rather than hang it.
    const next = new Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: DEFAULT_PG_TIMEOUTS.connectTimeoutMs,
      query_timeout: DEFAULT_PG_TIMEOUTS.queryTimeoutMs,
    });
    const reconnect = (err?: unknown) => {
      if (err) opts.onError?.(err);
      next.removeAllListeners();
      next.on("error", () => {});
      next.end().catch(() => {});
      if (client === next) client = undefined;
      if (!closed && !retry) {
        retry = setTimeout(() => {
          retry = undefined;
          void connect();
        }, opts.retryMs ?? 1_000);
      }
    };
    next.on("error", reconnect);
    next.on("end", () => reconnect());
    next.on("notification", (msg) => {
      if (msg.channel === OUTBOX_EVENTS_CHANNEL) onEvents();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${OUTBOX_EVENTS_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      onEvents();
    } catch (err) {
      reconnect(err);
    }
  };
  void connect();

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners();
        current.on("error", () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
