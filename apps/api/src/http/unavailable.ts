import { EnqueueError } from "@ctxlog/jobs";

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "57014", // query_canceled: PG_STATEMENT_TIMEOUT_MS ran out
  "25P03", // idle_in_transaction_session_timeout
  "P1001", // Prisma: can't reach database server
  "P1002",
  "P1017", // Prisma: server closed the connection
  "P2024", // Prisma: timed out fetching a connection from the pool
  "P2028", // Prisma: a transaction could not start, or ran past its time, on a slow database
]);

// pg's query_timeout ("Query read timeout"), connect timeout ("Connection terminated due to
// connection timeout") and the client it then closes ("… is not queryable"); a server-side statement
// timeout as Prisma words it (a raw query's P2010 carries the SQLSTATE only in its message);
// ioredis' commandTimeout ("Command timed out"); a Redis Cluster without a master for a slot, or
// resharding, or unreachable as a whole (CLUSTERDOWN, TRYAGAIN, ioredis' "Failed to refresh slots
// cache", "None of startup nodes is available").
const CONNECTION_MESSAGES =
  /Connection is closed|Stream isn't writeable|enableOfflineQueue|connect ECONNREFUSED|Connection terminated|timeout exceeded when trying to connect|DatabaseNotReachable|Can't reach database server|Query read timeout|is not queryable|canceling statement due to statement timeout|Command timed out|CLUSTERDOWN|TRYAGAIN|Failed to refresh slots cache|None of startup nodes is available/i;

/**
 * True when an error (or anything on its cause chain) says PostgreSQL or Redis could not be
 * reached: the client did nothing wrong, so it gets 503 and may retry.
 */
export function isServiceUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    if (current instanceof EnqueueError) return true;
    const { code, message, kind } = current as { code?: unknown; message?: unknown; kind?: unknown };
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    if (kind === "DatabaseNotReachable" || kind === "ConnectionClosed" || kind === "SocketTimeout")
      return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
