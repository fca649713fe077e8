import type { CallOptions } from "./call-options";
import type { components } from "./generated/openapi";
import type { HttpClient } from "./http";
import type { Timestamp } from "./types";

type Schemas = components["schemas"];

/** GET /overview: the dashboard's first page (the API's schema, apps/api/openapi.json). */
export type Overview = Schemas["Overview"];

/** A window: `since` defaults to a period before `until`, `until` to now (at most 31 days). */
export interface TimeWindow {
  since?: Timestamp;
  until?: Timestamp;
}

/** GET /overview/series: contexts received and confirmed, and confirmation time, per bucket. */
export type OverviewSeries = Schemas["OverviewSeries"];

/** GET /anchoring/status: whether anchoring keeps up (the overview's `anchoring`). */
export type AnchoringStatus = Schemas["AnchoringStatus"];

/** GET /anchoring/costs: gas and fees of anchoring the user's contexts, per day, batch and context. */
export type AnchoringCosts = Schemas["AnchoringCosts"];

/** GET /webhooks/:id/stats: attempts and their success rate per bucket. */
export type WebhookStats = Schemas["WebhookStats"];

/** GET /search: every record of the user the query names. */
export type SearchResult = Schemas["SearchResult"];

/** The overview the dashboard shows, for a full or read-only key too. */
export class OverviewApi {
  constructor(private readonly http: HttpClient) {}

  get(opts: CallOptions = {}): Promise<Overview> {
    return this.http.request({ method: "GET", path: "/overview", signal: opts.signal });
  }

  series(window: TimeWindow = {}, opts: CallOptions = {}): Promise<OverviewSeries> {
    return this.http.request({
      method: "GET",
      path: "/overview/series",
      query: { ...window },
      signal: opts.signal,
    });
  }

  /** Whether anchoring keeps up: its state, the lag and the last confirmed batch (a small read to poll). */
  anchoringStatus(opts: CallOptions = {}): Promise<AnchoringStatus> {
    return this.http.request({ method: "GET", path: "/anchoring/status", signal: opts.signal });
  }

  /** What anchoring your contexts cost (default the last 7 days, at most 31): each batch's gas is shared by its contexts. */
  anchoringCosts(window: TimeWindow = {}, opts: CallOptions = {}): Promise<AnchoringCosts> {
    return this.http.request({
      method: "GET",
      path: "/anchoring/costs",
      query: { ...window },
      signal: opts.signal,
    });
  }
}
