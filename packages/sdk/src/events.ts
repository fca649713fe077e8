import { type CallOptions, seg } from "./call-options";
import type { components } from "./generated/openapi";
import type { HttpClient } from "./http";
import { paginate } from "./pagination";
import type { ListResponse, PageParams, Timestamp, WebhookEventName } from "./types";

/** GET /events, GET /events/:event_id: an event recorded for the user, with its deliveries. */
export type RecordedEvent = components["schemas"]["Event"];

export interface ListEventsParams extends PageParams {
  type?: WebhookEventName;
  /** inclusive */
  created_after?: Timestamp;
  /** exclusive */
  created_before?: Timestamp;
}

/** GET /event-types: one per event the service sends. */
export type EventType = components["schemas"]["EventType"];

/** POST /webhooks/:id/recover → 202. */
export type RecoveringWebhook = components["schemas"]["RecoveringWebhook"];

/**
 * Events recorded for the user during the retention period: a receiver that was down longer
 * than the retry schedule reconciles from here (or asks for a recover of its endpoint).
 */
export class EventsApi {
  constructor(private readonly http: HttpClient) {}

  list(params: ListEventsParams = {}, opts: CallOptions = {}): Promise<ListResponse<RecordedEvent>> {
    return this.http.listPage("/events", params, opts.signal);
  }

  listAll(
    params: Omit<ListEventsParams, "cursor"> = {},
    opts: CallOptions = {},
  ): AsyncGenerator<RecordedEvent> {
    return paginate((cursor) => this.list({ ...params, cursor }, opts));
  }

  get(eventId: string, opts: CallOptions = {}): Promise<RecordedEvent> {
    return this.http.request({
      method: "GET",
      path: `/events/${seg(eventId)}`,
      signal: opts.signal,
    });
  }

  /** GET /event-types: every event name with the JSON Schema of its envelope and a sample. */
  types(opts: CallOptions = {}): Promise<{ data: EventType[] }> {
    return this.http.request({ method: "GET", path: "/event-types", signal: opts.signal });
  }
}
