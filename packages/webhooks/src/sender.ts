import { performance } from "node:perf_hooks";
import { DEFAULT_WEBHOOK_TIMEOUT_MS } from "@ctxlog/core";
import { Agent, request } from "undici";
import { createGuardedConnector, type GuardedConnectorOptions } from "./guarded-connector";
import { describeSendError, findBlockedAddress } from "./send-errors";

export interface SendRequest {
  url: string;
  /** the exact bytes that were signed */
  body: string;
  headers: Record<string, string>;
}

export interface SendResult {
  /** any 2xx */
  ok: boolean;
  /** the receiver's HTTP status; null when no response came */
  status: number | null;
  /** why the attempt failed, for the delivery record (the webhook's owner reads it); null on success */
  error: string | null;
  /**
   * For the operator's log only, never recorded nor shown: what `error` leaves out on purpose
   * (the host and address the SSRF guard refused). Null when there is nothing more to say.
   */
  operatorDetail: string | null;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  /** every header as sent (the caller's and the user agent); null when nothing was sent */
  requestHeaders: Record<string, string> | null;
  /** what the receiver answered; null when no response came */
  response: SentResponse | null;
}

export interface SentResponse {
  headers: Record<string, string | string[]>;
  /** the first RESPONSE_BODY_KEPT_BYTES of the body as UTF-8 text (NUL characters replaced) */
  body: string;
  /** the body was longer than what `body` keeps (or could not be read to its end) */
  bodyTruncated: boolean;
}

export interface WebhookSenderOptions {
  /** a complete response (status, headers and body) must arrive within this; default 10 s */
  timeoutMs?: number;
  /** development: allow plain http URLs */
  allowInsecure?: boolean;
  /** development and tests: allow loopback, private and other special-purpose addresses */
  allowPrivate?: boolean;
  /** tests: stand in for DNS */
  resolve?: GuardedConnectorOptions["resolve"];
  userAgent?: string;
}

export interface WebhookSender {
  readonly timeoutMs: number;
  send(req: SendRequest): Promise<SendResult>;
  close(): Promise<void>;
}

// Enough to read a normal acknowledgement; a larger body is cut off (the socket is dropped), its
// status still counts.
const MAX_RESPONSE_BYTES = 64 * 1024;
/** What an attempt's record keeps of the response body: enough for an error page or a JSON reason. */
export const RESPONSE_BODY_KEPT_BYTES = 4 * 1024;

/**
 * POSTs webhook bodies with undici: one keep-alive pool per origin, redirects never followed (a
 * 3xx is a failed attempt), the SSRF policy enforced on every connection, and one deadline for
 * the whole exchange. Never throws: every outcome is a SendResult to record.
 */
export function createWebhookSender(opts: WebhookSenderOptions = {}): WebhookSender {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const userAgent = opts.userAgent ?? "ctxlog-webhooks/1.0";
  const agent = new Agent({
    connect: createGuardedConnector({
      allowPrivate: opts.allowPrivate ?? false,
      connectTimeoutMs: timeoutMs,
      resolve: opts.resolve,
    }),
  });

  async function send(req: SendRequest): Promise<SendResult> {
    const startedAt = new Date();
    const t0 = performance.now();
    let requestHeaders: Record<string, string> | null = null;
    let response: SentResponse | null = null;
    const done = (
      status: number | null,
      error: string | null,
      operatorDetail: string | null = null,
    ): SendResult => ({
      ok: error === null,
      status,
      error,
      operatorDetail,
      startedAt,
      finishedAt: new Date(),
      durationMs: Math.round(performance.now() - t0),
      requestHeaders,
      response,
    });
    if (!opts.allowInsecure && !req.url.startsWith("https:")) {
      return done(
        null,
        "plain http is not allowed (WEBHOOK_ALLOW_INSECURE_URLS=true allows it in development)",
      );
    }
    const signal = AbortSignal.timeout(timeoutMs);
    const headers = { ...req.headers, "user-agent": userAgent };
    requestHeaders = headers;
    try {
      const res = await request(req.url, {
        method: "POST",
        body: req.body,
        headers,
        dispatcher: agent,
        signal,
      });
      const status = res.statusCode;
      // until the body has been read: a body that does not complete in time is recorded as cut
      response = { headers: stringHeaders(res.headers), body: "", bodyTruncated: true };
      // The same deadline covers the body: the spec's timeout is for a complete response.
      const read = await readBody(res.body, signal);
      response = { ...response, ...read };
      if (status >= 200 && status < 300) return done(status, null);
      if (status >= 300 && status < 400) return done(status, `HTTP ${status}: redirects are not followed`);
      return done(status, `HTTP ${status}`);
    } catch (err) {
      return done(null, describeSendError(err, signal, timeoutMs), findBlockedAddress(err)?.message ?? null);
    }
  }

  return { timeoutMs, send, close: () => agent.close() };
}

function stringHeaders(headers: Record<string, string | string[] | undefined>) {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = value;
  return out;
}

/**
 * Keeps the first RESPONSE_BODY_KEPT_BYTES of the body and reads on (discarding) up to
 * MAX_RESPONSE_BYTES, so the connection can be reused; past that the socket is dropped.
 */
async function readBody(body: AsyncIterable<Buffer> & { destroy(): void }, signal: AbortSignal) {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let total = 0;
  for await (const chunk of body) {
    signal.throwIfAborted();
    total += chunk.length;
    if (keptBytes < RESPONSE_BODY_KEPT_BYTES) {
      const part = chunk.subarray(0, RESPONSE_BODY_KEPT_BYTES - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
    if (total > MAX_RESPONSE_BYTES) {
      body.destroy();
      break;
    }
  }
  // PostgreSQL text holds no NUL; a multi-byte character cut at the limit decodes to U+FFFD
  const text = Buffer.concat(kept).toString("utf8").replaceAll("\u0000", "\ufffd");
  return { body: text, bodyTruncated: total > keptBytes };
}
