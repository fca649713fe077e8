import { AgentsApi } from "./agents";
import { type CallOptions, EMPTY_BODY, seg } from "./call-options";
import { EventsApi } from "./events";
import { type EraseOptions, eraseBody } from "./holds";
import { HttpClient, type HttpOptions } from "./http";
import { OverviewApi, type SearchResult } from "./overview";
import { paginate } from "./pagination";
import { saltContext } from "./salt";
import type {
  AuthStatus,
  Context,
  CreateContextInput,
  CreateContextOptions,
  CreatedContext,
  ListContextsParams,
  ListResponse,
  ListVerificationsParams,
  PageParams,
  ProofBundle,
  Signer,
  Verification,
  VerificationRequest,
} from "./types";
import { type WaitConfirmedOptions, waitConfirmed } from "./wait-confirmed";
import { DeliveriesApi, WebhooksApi } from "./webhooks-api";

export type { CallOptions } from "./call-options";
export { DeliveriesApi, WebhooksApi };

export type CtxlogClientOptions = HttpOptions;

/**
 * Typed client for the ctxlog API v1.
 *
 * ```ts
 * const ctxlog = new CtxlogClient({ baseUrl: "https://api.example.com/v1", apiKey: process.env.CTXLOG_KEY! });
 * const ctx = await ctxlog.contexts.create({ agent_id: "planner-7", context_data: { task: "x" } });
 * ```
 *
 * Errors are `CtxlogApiError` (narrow with `isApiError(err, "NOT_FOUND")`) or
 * `CtxlogConnectionError`; a body with no JSON form is a `NotJsonError`, thrown before anything
 * is sent. 429 and 503 are retried with exponential backoff, honouring
 * Retry-After; 401, 403 and other errors are thrown at once.
 */
export class CtxlogClient {
  readonly contexts: ContextsApi;
  readonly verifications: VerificationsApi;
  readonly signers: SignersApi;
  readonly webhooks: WebhooksApi;
  /** recorded events and the event-type catalog (events.ts) */
  readonly events: EventsApi;
  /** each agent's log, its export and traces, erasure (agents.ts) */
  readonly agents: AgentsApi;
  /** the dashboard's overview and its series (overview.ts) */
  readonly overview: OverviewApi;
  private readonly http: HttpClient;

  constructor(options: CtxlogClientOptions) {
    this.http = new HttpClient(options);
    this.contexts = new ContextsApi(this.http);
    this.verifications = new VerificationsApi(this.http);
    this.signers = new SignersApi(this.http);
    this.webhooks = new WebhooksApi(this.http);
    this.events = new EventsApi(this.http);
    this.agents = new AgentsApi(this.http);
    this.overview = new OverviewApi(this.http);
  }

  /** GET /status: who the key belongs to, its plan and what is left of its rate limit. */
  status(opts: CallOptions = {}): Promise<AuthStatus> {
    return this.http.request({ method: "GET", path: "/status", signal: opts.signal });
  }

  /**
   * GET /search: the records an id (ctx_…, vrf_…, whk_…, dlv_…, evt_…), a hash (context, entry or
   * transaction: 0x + 64 hex) or an OTLP trace id names, and the agents whose agent_id is or starts
   * with it (case aside).
   */
  search(q: string, opts: CallOptions = {}): Promise<SearchResult> {
    return this.http.request({ method: "GET", path: "/search", query: { q }, signal: opts.signal });
  }
}

export class ContextsApi {
  constructor(private readonly http: HttpClient) {}

  /** POST /contexts → 202 with the pending context. */
  create(input: CreateContextInput, opts: CreateContextOptions & CallOptions = {}): Promise<CreatedContext> {
    const headers = opts.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : undefined;
    return this.http.request({
      method: "POST",
      path: "/contexts",
      body: saltContext(input),
      headers,
      signal: opts.signal,
    });
  }

  /**
   * POST /contexts/batch → 202 with the pending contexts, in the order given: 1–500 items, at most
   * 5 MiB, all or nothing (a bad item is a 400 VALIDATION_ERROR whose `details` name it by
   * `index`). Costs one rate-limit unit per item; each context comes with its `receipt`, as from
   * `create`. See ContextLogger to batch without thinking.
   */
  async createMany(
    items: readonly CreateContextInput[],
    opts: CreateContextOptions & CallOptions = {},
  ): Promise<CreatedContext[]> {
    const headers = opts.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : undefined;
    const answer = await this.http.request<{ data: CreatedContext[] }>({
      method: "POST",
      path: "/contexts/batch",
      body: { contexts: items.map(saltContext) },
      headers,
      signal: opts.signal,
    });
    return answer.data;
  }

  get(contextId: string, opts: CallOptions = {}): Promise<Context> {
    return this.http.request({ method: "GET", path: `/contexts/${seg(contextId)}`, signal: opts.signal });
  }

  /**
   * Reads the context (GET /contexts/:id) with a growing pause until it is confirmed or failed, and
   * returns it: check `status`. Throws ConfirmationTimeoutError after `timeoutMs` (default 120 s).
   */
  waitConfirmed(contextId: string, opts: WaitConfirmedOptions = {}): Promise<Context> {
    return waitConfirmed((signal) => this.get(contextId, { signal }), contextId, opts);
  }

  /** One page, newest first. */
  list(params: ListContextsParams = {}, opts: CallOptions = {}): Promise<ListResponse<Context>> {
    return this.http.listPage("/contexts", params, opts.signal);
  }

  /** Every matching context, newest first, fetching pages of `limit` as the loop advances. */
  listAll(params: Omit<ListContextsParams, "cursor"> = {}, opts: CallOptions = {}): AsyncGenerator<Context> {
    return paginate((cursor) => this.list({ ...params, cursor }, opts));
  }

  /** POST /contexts/:id/retry → 202: re-queues a failed context for anchoring. */
  retry(contextId: string, opts: CallOptions = {}): Promise<Context> {
    return this.http.request({
      method: "POST",
      path: `/contexts/${seg(contextId)}/retry`,
      body: EMPTY_BODY,
      signal: opts.signal,
    });
  }

  /**
   * DELETE /contexts/:id/data (a full key): erases the context's data and metadata wherever the
   * service kept them; its hashes, signature and proof remain. Again: the same record, unchanged.
   * `reason` is recorded with the erasure; `override_retention: true` (with a reason) erases data
   * younger than the minimum retention. A legal hold on its agent, or data too young, is a
   * CtxlogApiError 409 CONFLICT.
   */
  eraseData(contextId: string, opts: CallOptions & EraseOptions = {}): Promise<Context> {
    const body = eraseBody(opts);
    return this.http.request({
      method: "DELETE",
      path: `/contexts/${seg(contextId)}/data`,
      ...(body ? { body } : {}),
      signal: opts.signal,
    });
  }

  /** The same as `agents.eraseData(agentId)`, kept here where it was first. */
  eraseAgentData(agentId: string, opts: CallOptions & EraseOptions = {}): Promise<{ erased: number }> {
    return new AgentsApi(this.http).eraseData(agentId, opts);
  }

  /** GET /contexts/:id/proof: the bundle `verifyContext` checks against any RPC endpoint. */
  proof(contextId: string, opts: CallOptions = {}): Promise<ProofBundle> {
    return this.http.request({
      method: "GET",
      path: `/contexts/${seg(contextId)}/proof`,
      signal: opts.signal,
    });
  }
}

export class VerificationsApi {
  constructor(private readonly http: HttpClient) {}

  /** POST /verifications: the service verifies for you (see `verifyContext` to trust no one). */
  create(request: VerificationRequest, opts: CallOptions = {}): Promise<Verification> {
    return this.http.request({ method: "POST", path: "/verifications", body: request, signal: opts.signal });
  }

  get(verificationId: string, opts: CallOptions = {}): Promise<Verification> {
    return this.http.request({
      method: "GET",
      path: `/verifications/${seg(verificationId)}`,
      signal: opts.signal,
    });
  }

  /** GET /verifications: this account's verifications, newest first (`context_id` filters). */
  list(params: ListVerificationsParams = {}, opts: CallOptions = {}): Promise<ListResponse<Verification>> {
    return this.http.listPage("/verifications", params, opts.signal);
  }

  listAll(
    params: Omit<ListVerificationsParams, "cursor"> = {},
    opts: CallOptions = {},
  ): AsyncGenerator<Verification> {
    return paginate((cursor) => this.list({ ...params, cursor }, opts));
  }
}

export class SignersApi {
  constructor(private readonly http: HttpClient) {}

  /** GET /signers: the service's signing addresses, to pass as `expectedSigners` to verifyContext. */
  list(params: PageParams = {}, opts: CallOptions = {}): Promise<ListResponse<Signer>> {
    return this.http.listPage("/signers", params, opts.signal);
  }

  listAll(params: Omit<PageParams, "cursor"> = {}, opts: CallOptions = {}): AsyncGenerator<Signer> {
    return paginate((cursor) => this.list({ ...params, cursor }, opts));
  }
}
