// The agent log a trace goes to: one log per trace, named after its workflow and its trace id
// unless the caller names it.

/** What a trace is known by when its agent id is chosen (the `agentId` option's argument). */
export interface TraceInfo {
  traceId: string;
  /** The trace's name: the run's `workflowName` (the SDK's default is "Agent workflow"). */
  workflowName: string;
  groupId: string | null;
}

export type AgentIdOption = string | ((trace: TraceInfo) => string);

const MAX_AGENT_ID = 128;

/**
 * `${workflowName}/${traceId}`, made a valid agent_id (1–128 of letters, digits and . _ : @ / -,
 * starting with a letter or digit, the API's rule): each run of other characters in the workflow
 * name becomes "-" ("Agent workflow" → "Agent-workflow") and the name is cut so the trace id, which
 * makes the log one per trace, is always whole.
 */
export function defaultAgentId(trace: TraceInfo): string {
  const room = Math.max(1, MAX_AGENT_ID - trace.traceId.length - 1);
  const name =
    trace.workflowName
      .replace(/[^A-Za-z0-9._:@/-]+/g, "-")
      .replace(/^[^A-Za-z0-9]+/, "")
      .slice(0, room)
      .replace(/-+$/, "") || "agent-workflow";
  return `${name}/${trace.traceId}`.slice(0, MAX_AGENT_ID);
}

export function resolveAgentId(option: AgentIdOption | undefined, trace: TraceInfo): string {
  if (typeof option === "string") return option;
  if (typeof option === "function") return option(trace);
  return defaultAgentId(trace);
}
