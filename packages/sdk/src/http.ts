import { CtxlogApiError, CtxlogConnectionError, isApiErrorCode } from "./errors";
import { encodeJson } from "./json-body";
import type { ListResponse } from "./types";

export interface RetryOptions {
  /** Retries after the first attempt; default 3 (so at most 4 requests). 0 disables retrying. */
  maxRetries?: number;
  /** First backoff delay when the server gives no Retry-After; doubled each retry. Default 500 ms. */
  baseDelayMs?: number;
  /** Longest wait between two attempts. A Retry-After beyond it is not retried. Default 60 s. */
  maxDelayMs?: number;
}

export interface HttpOptions extends RetryOptions {
  baseUrl: string;
  apiKey: string;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Defaults to the global fetch (Node ≥ 18). */
  fetch?: typeof fetch;
  userAgent?: string;
  /** Test hook: how to wait between attempts. */
  sleep?: (ms: number) => Promise<void>;
}

export interface RequestOptions {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The body is read as a stream: the per-attempt timeout ends when the headers arrive. */
  stream?: boolean;
}

// The spec's recommended practice: rate limits (429) and temporary unavailability (503) are
// retried with exponential backoff; 401/403 and every other status are final at once, since
// repeating the same request with the same key cannot change the answer.
const RETRYABLE_STATUSES = new Set([429, 503]);
const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class HttpClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly maxRetries: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly timeoutMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: HttpOptions) {
    if (!opts.apiKey) throw new TypeError("ctxlog: apiKey is required");
    if (!opts.baseUrl) throw new TypeError("ctxlog: baseUrl is required, e.g. https://api.example.com/v1");
    this.baseUrl = opts.baseUrl.replace(/\/+$/, "");
    this.fetchImpl = opts.fetch ?? globalThis.fetch;
    this.maxRetries = opts.maxRetries ?? 3;
    this.baseDelayMs = opts.baseDelayMs ?? 500;
    this.maxDelayMs = opts.maxDelayMs ?? 60_000;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.sleep = opts.sleep ?? sleepFor;
  }

  /** GET one page of the cursor-paginated list at `path`; `params` become its query string. */
  listPage<T>(path: string, params: object, signal?: AbortSignal): Promise<ListResponse<T>> {
    return this.request({ method: "GET", path, query: params as RequestOptions["query"], signal });
  }

  async request<T>(req: RequestOptions): Promise<T> {
    const { response, url } = await this.send(req);
    return (await readJson(response, req.method, url)) as T;
  }

  /** The non-empty lines of a streamed answer (NDJSON), read as they arrive. */
  async *lines(req: RequestOptions): AsyncGenerator<string, void, undefined> {
    const { response } = await this.send({ ...req, stream: true });
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let rest = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        rest += done ? decoder.decode() : decoder.decode(value, { stream: true });
        const lines = rest.split("\n");
        rest = done ? "" : (lines.pop() ?? "");
        for (const line of lines) if (line.trim() !== "") yield line.replace(/\r$/, "");
        if (done) return;
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }

  /** The bytes of a streamed answer (a zip), chunk by chunk as they arrive. */
  async *chunks(req: RequestOptions): AsyncGenerator<Uint8Array, void, undefined> {
    const { response } = await this.send({ ...req, stream: true });
    if (!response.body) return;
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }

  /** Sends `req` with the retry practice; the first successful response, or the error thrown. */
  private async send(req: RequestOptions): Promise<{ response: Response; url: string }> {
    const url = this.url(req.path, req.query);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.opts.apiKey}`,
      Accept: "application/json",
      ...(this.opts.userAgent ? { "User-Agent": this.opts.userAgent } : {}),
      ...req.headers,
    };
    let body: string | undefined;
    if (req.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = encodeJson(req.body); // NotJsonError, naming the value, before anything is sent
    }
    // A request that may not have reached the server is only re-sent when repeating it is harmless:
    // reads, PUT/DELETE, or a POST the server deduplicates by Idempotency-Key.
    const replayable = req.method !== "POST" || headers["Idempotency-Key"] !== undefined;

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      const timer = req.stream ? untilHeaders(this.timeoutMs) : undefined;
      try {
        const timeout = timer?.signal ?? AbortSignal.timeout(this.timeoutMs);
        const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
        response = await this.fetchImpl(url, { method: req.method, headers, body, signal });
      } catch (cause) {
        if (req.signal?.aborted) throw cause; // the caller cancelled: not ours to retry or wrap
        if (replayable && attempt < this.maxRetries) {
          await this.sleep(this.backoff(attempt));
          continue;
        }
        const what = cause instanceof Error ? cause.message : String(cause);
        throw new CtxlogConnectionError(`ctxlog: ${req.method} ${url} failed: ${what}`, req.method, url, {
          cause,
        });
      } finally {
        timer?.clear();
      }

      if (response.ok) return { response, url };

      const error = await toApiError(response, req.method, url);
      if (!RETRYABLE_STATUSES.has(response.status) || attempt >= this.maxRetries) throw error;
      const delay = error.retryAfterMs ?? this.backoff(attempt);
      // Retrying before the server said we may would only spend more of the limit; give up instead.
      if (delay > this.maxDelayMs) throw error;
      await this.sleep(delay);
    }
  }

  /** Full jitter (AWS's "exponential backoff and jitter"): spreads out clients that failed together. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** attempt);
    return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
  }

  private url(path: string, query: RequestOptions["query"]): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(key, String(value));
    }
    const qs = search.toString();
    return `${this.baseUrl}${path}${qs ? `?${qs}` : ""}`;
  }
}

/** A timeout signal whose timer the caller clears once the headers are in. */
function untilHeaders(ms: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("timed out", "TimeoutError")), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

async function readJson(response: Response, method: string, url: string): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new CtxlogApiError({
      status: response.status,
      code: "UNKNOWN_ERROR",
      message: `expected a JSON body, got ${JSON.stringify(text.slice(0, 80))}`,
      requestId: response.headers.get("x-request-id") ?? undefined,
      method,
      url,
      details: cause,
    });
  }
}

async function toApiError(response: Response, method: string, url: string): Promise<CtxlogApiError> {
  const text = await response.text().catch(() => "");
  let envelope: { code?: unknown; message?: unknown; request_id?: unknown; details?: unknown } = {};
  try {
    const parsed = JSON.parse(text) as { error?: typeof envelope };
    if (parsed && typeof parsed.error === "object" && parsed.error !== null) envelope = parsed.error;
  } catch {
    // Not our envelope (a proxy's HTML page, say): keep the status, mark the code unknown.
  }
  const code = isApiErrorCode(envelope.code) ? envelope.code : "UNKNOWN_ERROR";
  const requestId =
    typeof envelope.request_id === "string" ? envelope.request_id : response.headers.get("x-request-id");
  return new CtxlogApiError({
    status: response.status,
    code,
    message:
      typeof envelope.message === "string"
        ? envelope.message
        : `HTTP ${response.status} ${response.statusText}`.trim(),
    requestId: requestId ?? undefined,
    details: envelope.details,
    retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
    method,
    url,
  });
}

/** `Retry-After` is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
