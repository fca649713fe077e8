import { type CallOptions, seg } from "./call-options";
import type { components } from "./generated/openapi";
import { type EraseOptions, eraseBody, HoldsApi } from "./holds";
import type { HttpClient } from "./http";
import { paginate } from "./pagination";
import type { ListResponse, PageParams, Timestamp } from "./types";

/** GET /agents, GET /agents/:agent_id: one agent's log (a chain of entries, one per context). */
export type AgentLog = components["schemas"]["AgentLog"];

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

export interface EvidenceParams {
  /** Start of the period: entries received at or after it (ISO 8601). */
  from: Timestamp;
  /** End of the period: entries received before it (ISO 8601). */
  to: Timestamp;
}

/** GET /agents/:agent_id/traces: one OpenTelemetry trace the agent's spans belong to (the API's schema). */
export type AgentTrace = components["schemas"]["AgentTrace"];

/** GET /otel/refusals: spans refused at the OTLP endpoint in about the last 24 hours, per reason. */
export type OtelRefusals = components["schemas"]["OtelRefusals"];

/** DELETE /agents/:agent_id/data, one step. */
export type EraseAgentDataStep = components["schemas"]["EraseAgentDataResult"];

/** The agents group: each agent's log, its export for an audit, its traces, erasure and legal holds. */
export class AgentsApi {
  /** the agent's legal holds: `holds.list(agent)`, `holds.place(agent, {reason})`, `holds.release(agent, id)` */
  readonly holds: HoldsApi;

  constructor(private readonly http: HttpClient) {
    this.holds = new HoldsApi(http);
  }

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

  /**
   * GET /agents/:agent_id/evidence: an evidence pack of the entries received in [from, to), a zip
   * (docs/evidence.md), as its bytes chunk by chunk as they arrive: write them to a file, or gather
   * them for `readPackZip` and `verifyPack`.
   */
  evidence(agentId: string, params: EvidenceParams, opts: CallOptions = {}): AsyncGenerator<Uint8Array> {
    return this.http.chunks({
      method: "GET",
      path: `/agents/${seg(agentId)}/evidence`,
      query: { from: params.from, to: params.to },
      headers: { Accept: "application/zip, application/json" },
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
   * log, its hashes and its proofs remain. `reason` is recorded with each erasure;
   * `override_retention: true` (with a reason) erases data younger than the minimum retention. A
   * legal hold on the agent, or data too young, is a CtxlogApiError 409 CONFLICT.
   */
  async eraseData(agentId: string, opts: CallOptions & EraseOptions = {}): Promise<{ erased: number }> {
    let erased = 0;
    const body = eraseBody(opts);
    for (;;) {
      const step = await this.http.request<EraseAgentDataStep>({
        method: "DELETE",
        path: `/agents/${seg(agentId)}/data`,
        ...(body ? { body } : {}),
        signal: opts.signal,
      });
      erased += step.erased;
      if (step.done) return { erased };
    }
  }
}
