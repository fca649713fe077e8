import { type CallOptions, EMPTY_BODY, seg } from "./call-options";
import type { RecoveringWebhook } from "./events";
import type { HttpClient } from "./http";
import type { TimeWindow, WebhookStats } from "./overview";
import { paginate } from "./pagination";
import type {
  CreatedWebhook,
  CreateWebhookInput,
  DeletedWebhook,
  ListDeliveriesParams,
  ListResponse,
  ListWebhooksParams,
  RotatedWebhookSecret,
  UpdateWebhookInput,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookEventName,
} from "./types";

export class WebhooksApi {
  readonly deliveries: DeliveriesApi;

  constructor(private readonly http: HttpClient) {
    this.deliveries = new DeliveriesApi(http);
  }

  /** POST /webhooks → 201; the response is the only time the secret is shown (besides rotation). */
  create(input: CreateWebhookInput, opts: CallOptions = {}): Promise<CreatedWebhook> {
    return this.http.request({ method: "POST", path: "/webhooks", body: input, signal: opts.signal });
  }

  /** One page, newest first; `health`: only the endpoints with it. */
  list(params: ListWebhooksParams = {}, opts: CallOptions = {}): Promise<ListResponse<Webhook>> {
    return this.http.listPage("/webhooks", params, opts.signal);
  }

  listAll(params: Omit<ListWebhooksParams, "cursor"> = {}, opts: CallOptions = {}): AsyncGenerator<Webhook> {
    return paginate((cursor) => this.list({ ...params, cursor }, opts));
  }

  get(webhookId: string, opts: CallOptions = {}): Promise<Webhook> {
    return this.http.request({ method: "GET", path: `/webhooks/${seg(webhookId)}`, signal: opts.signal });
  }

  /** PUT /webhooks/:id: only the fields given change. */
  update(webhookId: string, changes: UpdateWebhookInput, opts: CallOptions = {}): Promise<Webhook> {
    return this.http.request({
      method: "PUT",
      path: `/webhooks/${seg(webhookId)}`,
      body: changes,
      signal: opts.signal,
    });
  }

  /** GET /webhooks/:id/stats: attempts and success rate per bucket over the window (default 24 h). */
  stats(webhookId: string, window: TimeWindow = {}, opts: CallOptions = {}): Promise<WebhookStats> {
    return this.http.request({
      method: "GET",
      path: `/webhooks/${seg(webhookId)}/stats`,
      query: { ...window },
      signal: opts.signal,
    });
  }

  delete(webhookId: string, opts: CallOptions = {}): Promise<DeletedWebhook> {
    return this.http.request({ method: "DELETE", path: `/webhooks/${seg(webhookId)}`, signal: opts.signal });
  }

  /** POST /webhooks/:id/test → 202 with the queued delivery of a sample event (`test: true` in its body). */
  test(
    webhookId: string,
    body: { event?: WebhookEventName } = {},
    opts: CallOptions = {},
  ): Promise<WebhookDelivery> {
    return this.http.request({
      method: "POST",
      path: `/webhooks/${seg(webhookId)}/test`,
      body,
      signal: opts.signal,
    });
  }

  /** POST /webhooks/:id/rotate-secret: a new secret; the old one keeps signing for an overlap period. */
  rotateSecret(webhookId: string, opts: CallOptions = {}): Promise<RotatedWebhookSecret> {
    return this.http.request({
      method: "POST",
      path: `/webhooks/${seg(webhookId)}/rotate-secret`,
      body: EMPTY_BODY,
      signal: opts.signal,
    });
  }

  /**
   * POST /webhooks/:id/recover → 202: every delivery created in [since, until) that ended failed
   * starts a new cycle (same ids and bodies), paced by the worker. A disabled endpoint is a 409:
   * enable it first (`update(id, { disabled: false })`).
   */
  recover(
    webhookId: string,
    window: { since: string; until?: string },
    opts: CallOptions = {},
  ): Promise<RecoveringWebhook> {
    return this.http.request({
      method: "POST",
      path: `/webhooks/${seg(webhookId)}/recover`,
      body: window,
      signal: opts.signal,
    });
  }
}

export class DeliveriesApi {
  constructor(private readonly http: HttpClient) {}

  list(
    webhookId: string,
    params: ListDeliveriesParams = {},
    opts: CallOptions = {},
  ): Promise<ListResponse<WebhookDelivery>> {
    return this.http.listPage(`/webhooks/${seg(webhookId)}/deliveries`, params, opts.signal);
  }

  listAll(
    webhookId: string,
    params: Omit<ListDeliveriesParams, "cursor"> = {},
    opts: CallOptions = {},
  ): AsyncGenerator<WebhookDelivery> {
    return paginate((cursor) => this.list(webhookId, { ...params, cursor }, opts));
  }

  get(webhookId: string, deliveryId: string, opts: CallOptions = {}): Promise<WebhookDeliveryDetail> {
    return this.http.request({
      method: "GET",
      path: `/webhooks/${seg(webhookId)}/deliveries/${seg(deliveryId)}`,
      signal: opts.signal,
    });
  }

  /** POST …/deliveries/:delivery_id/retry → 202: a failed delivery gets a new cycle of up to 5 attempts; a retrying one is tried now. */
  retry(webhookId: string, deliveryId: string, opts: CallOptions = {}): Promise<WebhookDelivery> {
    return this.http.request({
      method: "POST",
      path: `/webhooks/${seg(webhookId)}/deliveries/${seg(deliveryId)}/retry`,
      body: EMPTY_BODY,
      signal: opts.signal,
    });
  }
}
