import type { HttpClient } from "./http";
import type { Timestamp } from "./types";

interface CallOptions {
  signal?: AbortSignal;
}

type Counts<K extends string> = Record<K, number>;

/** GET /overview: the dashboard's first page. */
export interface Overview {
  contexts_by_status: Counts<"pending" | "confirmed" | "failed">;
  /** The last 60 minutes, one entry per minute. */
  contexts_per_minute: { minute: Timestamp; count: number }[];
  avg_confirmation_seconds: number | null;
  chain: {
    network: string;
    chain_id: number | null;
    head_block: number | null;
    signer_address: string;
    anchor_address: string | null;
    anchor_balance_wei: string | null;
    batches_waiting: number;
  };
  anchoring: {
    state: "ok" | "stalled" | "wrong_chain" | "unknown";
    behind_seconds: number;
    threshold_seconds: number;
    reason: string | null;
    reported_at: Timestamp | null;
  };
  webhooks_by_status: Counts<"active" | "failing" | "disabled">;
  deliveries_failed_24h: number;
}

/** A window: `since` defaults to a period before `until`, `until` to now (at most 31 days). */
export interface TimeWindow {
  since?: Timestamp;
  until?: Timestamp;
}

/** GET /overview/series: contexts received and confirmed, and confirmation time, per bucket. */
export interface OverviewSeries {
  since: Timestamp;
  until: Timestamp;
  bucket_seconds: number;
  points: {
    start: Timestamp;
    received: number;
    confirmed: number;
    p50_seconds: number | null;
    p95_seconds: number | null;
  }[];
}

/** GET /webhooks/:id/stats: attempts and their success rate per bucket. */
export interface WebhookStats {
  webhook_id: string;
  since: Timestamp;
  until: Timestamp;
  bucket_seconds: number;
  buckets: { start: Timestamp; attempts: number; succeeded: number; success_rate: number | null }[];
}

/** GET /search: every record of the user the query names exactly. */
export interface SearchResult {
  query: string;
  results: {
    kind: "context" | "agent" | "webhook" | "delivery" | "event";
    /** The record's id; for an agent, its agent_id. */
    id: string;
    matched:
      | "context_id"
      | "context_hash"
      | "entry_hash"
      | "transaction_hash"
      | "agent_id"
      | "webhook_id"
      | "delivery_id"
      | "event_id";
    /** A delivery's webhook; null for other kinds. */
    webhook_id: string | null;
  }[];
}

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
}
