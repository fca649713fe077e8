import type { HttpClient } from "./http";
import { paginate } from "./pagination";
import type { Hex, ListResponse, PageParams, Timestamp } from "./types";

interface CallOptions {
  signal?: AbortSignal;
}

const seg = encodeURIComponent;

/** GET /agents, GET /agents/:agent_id: one agent's log (a chain of entries, one per context). */
export interface AgentLog {
  agent_id: string;
  /** The last entry's sequence (the log's length). */
  head_sequence: number;
  /** The last entry's entry_hash. */
  head_entry_hash: Hex;
  counts: { pending: number; confirmed: number; failed: number };
  first_activity_at: Timestamp;
  last_activity_at: Timestamp;
}

export interface ListAgentsParams extends PageParams {
  /** Only logs with an entry received at or after this time; the counts stay the whole log's. */
  active_after?: Timestamp;
  /** …and before this time. */
  active_before?: Timestamp;
}

export interface ExportAgentParams {
  /** First entry (default 1). */
  from_sequence?: number;
  /** Last entry (default the head). */
  to_sequence?: number;
}

/** GET /agents/:agent_id/traces: one OpenTelemetry trace the agent's spans belong to. */
export interface AgentTrace {
  trace_id: string;
  /** This agent's spans of the trace that the key may read. */
  span_count: number;
  /** Of those, the spans whose OTLP status is error. */
  error_spans: number;
  root_span_name: string | null;
  /** The context holding the root span; `contexts.list({ trace_id })` lists every span's. */
  root_context_id: string | null;
  /** Nanoseconds since the Unix epoch, as a decimal string; null when every span is erased. */
  start_time_unix_nano: string | null;
  end_time_unix_nano: string | null;
  first_received_at: Timestamp;
  last_received_at: Timestamp;
  /** The models the spans name (gen_ai.*, OpenInference llm.*, the AI SDK's ai.*), each once. */
  models: string[];
  /** Token totals over the spans, each model call once; null when no span carries a count. */
  input_tokens: number | null;
  output_tokens: number | null;
}

/** GET /otel/refusals: spans refused at the OTLP endpoint in about the last 24 hours, per reason. */
export interface OtelRefusals {
  window_hours: number;
  data: {
    reason: "decode" | "agent_id" | "json" | "context";
    spans: number;
    last_at: Timestamp;
    /** The latest refusal's message, as partial_success gave it. */
    sample: string;
    service_name: string | null;
    /** A valid agent_id close to the invalid one, to set as ctxlog.agent_id. */
    suggested_agent_id: string | null;
    fix: string;
  }[];
}

/** DELETE /agents/:agent_id/data, one step. */
export interface EraseAgentDataStep {
  agent_id: string;
  erased: number;
  remaining: number;
  done: boolean;
}

/** The agents group: each agent's log, its export for an audit, its traces, and erasure. */
export class AgentsApi {
  constructor(private readonly http: HttpClient) {}

  /** One page of the agents' logs. */
  list(params: ListAgentsParams = {}, opts: CallOptions = {}): Promise<ListResponse<AgentLog>> {
    return this.http.listPage("/agents", params, opts.signal);
  }

  listAll(params: Omit<ListAgentsParams, "cursor"> = {}, opts: CallOptions = {}): AsyncGenerator<AgentLog> {
    return paginate((cursor) => this.list({ ...params, cursor }, opts));
  }

  get(agentId: string, opts: CallOptions = {}): Promise<AgentLog> {
    return this.http.request({ method: "GET", path: `/agents/${seg(agentId)}`, signal: opts.signal });
  }

  /**
   * GET /agents/:agent_id/export: the log's entries as NDJSON lines, in sequence order, read as
   * they arrive. Give them to `auditAgent` as they are (it hashes the lines it was given).
   */
  export(agentId: string, params: ExportAgentParams = {}, opts: CallOptions = {}): AsyncGenerator<string> {
    return this.http.lines({
      method: "GET",
      path: `/agents/${seg(agentId)}/export`,
      query: { ...params },
      headers: { Accept: "application/x-ndjson" },
      signal: opts.signal,
    });
  }

  /** One page of the agent's OpenTelemetry traces, newest first. */
  traces(
    agentId: string,
    params: PageParams = {},
    opts: CallOptions = {},
  ): Promise<ListResponse<AgentTrace>> {
    return this.http.listPage(`/agents/${seg(agentId)}/traces`, params, opts.signal);
  }

  tracesAll(
    agentId: string,
    params: Omit<PageParams, "cursor"> = {},
    opts: CallOptions = {},
  ): AsyncGenerator<AgentTrace> {
    return paginate((cursor) => this.traces(agentId, { ...params, cursor }, opts));
  }

  /** Spans refused at the OpenTelemetry endpoint lately (their exporter reported success). */
  otelRefusals(opts: CallOptions = {}): Promise<OtelRefusals> {
    return this.http.request({ method: "GET", path: "/otel/refusals", signal: opts.signal });
  }

  /**
   * DELETE /agents/:agent_id/data (a full key): erases the data of every context of the agent, in
   * batches; calls again while the answer says `done: false`, and returns the total erased. The
   * log, its hashes and its proofs remain.
   */
  async eraseData(agentId: string, opts: CallOptions = {}): Promise<{ erased: number }> {
    let erased = 0;
    for (;;) {
      const step = await this.http.request<EraseAgentDataStep>({
        method: "DELETE",
        path: `/agents/${seg(agentId)}/data`,
        signal: opts.signal,
      });
      erased += step.erased;
      if (step.done) return { erased };
    }
  }
}
