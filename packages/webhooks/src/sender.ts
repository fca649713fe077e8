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
    });
    if (!opts.allowInsecure && !req.url.startsWith("https:")) {
      return done(
        null,
        "plain http is not allowed (WEBHOOK_ALLOW_INSECURE_URLS=true allows it in development)",
      );
    }
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const res = await request(req.url, {
        method: "POST",
        body: req.body,
        headers: { ...req.headers, "user-agent": userAgent },
        dispatcher: agent,
        signal,
      });
      // The same deadline covers the body: the spec's timeout is for a complete response.
      await res.body.dump({ limit: MAX_RESPONSE_BYTES, signal });
      const status = res.statusCode;
      if (status >= 200 && status < 300) return done(status, null);
      if (status >= 300 && status < 400) return done(status, `HTTP ${status}: redirects are not followed`);
      return done(status, `HTTP ${status}`);
    } catch (err) {
      return done(null, describeSendError(err, signal, timeoutMs), findBlockedAddress(err)?.message ?? null);
    }
  }

  return { timeoutMs, send, close: () => agent.close() };
}
