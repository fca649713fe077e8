import { type CallOptions, seg } from "./call-options";
import type { components } from "./generated/openapi";
import type { HttpClient } from "./http";
import { paginate } from "./pagination";
import type { ListResponse, PageParams } from "./types";

/** A legal hold on an agent (GET/POST /agents/:agent_id/holds): while active, no erasure of its data runs. */
export type LegalHold = components["schemas"]["LegalHold"];

/**
 * What an erasure request may say (DELETE /contexts/:id/data, DELETE /agents/:agent_id/data): why,
 * recorded with the erasure, and `override_retention: true` (with a reason) to erase data younger
 * than the service's minimum retention.
 */
export type EraseOptions = components["schemas"]["EraseRequest"];

/** The erasure request's body: none when it says nothing (as before reasons existed). */
export function eraseBody(opts: EraseOptions): EraseOptions | undefined {
  const body: EraseOptions = {};
  if (opts.reason !== undefined) body.reason = opts.reason;
  if (opts.override_retention !== undefined) body.override_retention = opts.override_retention;
  return Object.keys(body).length > 0 ? body : undefined;
}

/** `client.agents.holds`: an agent's legal holds, listed, placed and released (never deleted). */
export class HoldsApi {
  constructor(private readonly http: HttpClient) {}

  /** One page of the agent's holds, newest first, active and released. */
  list(agentId: string, params: PageParams = {}, opts: CallOptions = {}): Promise<ListResponse<LegalHold>> {
    return this.http.listPage(`/agents/${seg(agentId)}/holds`, params, opts.signal);
  }

  listAll(
    agentId: string,
    params: Omit<PageParams, "cursor"> = {},
    opts: CallOptions = {},
  ): AsyncGenerator<LegalHold> {
    return paginate((cursor) => this.list(agentId, { ...params, cursor }, opts));
  }

  /**
   * Places a hold (a full key): from now on erasing the agent's contexts' data is refused (409) and
   * retention leaves it, until the hold is released.
   */
  place(agentId: string, params: { reason: string }, opts: CallOptions = {}): Promise<LegalHold> {
    return this.http.request({
      method: "POST",
      path: `/agents/${seg(agentId)}/holds`,
      body: { reason: params.reason },
      signal: opts.signal,
    });
  }

  /** Releases a hold (a full key); it stays on record. Again: the same record. */
  release(agentId: string, holdId: string, opts: CallOptions = {}): Promise<LegalHold> {
    return this.http.request({
      method: "POST",
      path: `/agents/${seg(agentId)}/holds/${seg(holdId)}/release`,
      body: {},
      signal: opts.signal,
    });
  }
}
