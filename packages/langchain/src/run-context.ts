import { CONTEXT_SOURCE_KEY, type ContextSource, type CreateContextInput } from "@ctxlog/sdk";
import { type JsonValue, wellFormed } from "./json-value";
import type { StepUsage } from "./llm-result";
import type { CtxlogCallbackHandlerOptions, StepKind } from "./options";

/** One run, ended, as the handler saw it (start and end together), its values already JSON. */
export interface FinishedRun {
  runId: string;
  parentRunId?: string;
  rootRunId: string;
  agentId: string;
  kind: StepKind;
  name: string;
  tags: string[];
  /** LangGraph's node (metadata.langgraph_node) and superstep (langgraph_step), when in a graph. */
  langgraphNode?: string;
  langgraphStep?: number;
  toolCallId?: string;
  startedAt: number;
  endedAt: number;
  input?: JsonValue;
  output?: JsonValue;
  error?: JsonValue;
  model?: string;
  usage?: StepUsage;
}

export type MappingOptions = Pick<CtxlogCallbackHandlerOptions, "redact" | "visibility"> & {
  recordInputs: boolean;
  recordOutputs: boolean;
  salt: boolean;
  source: ContextSource;
};

/**
 * The API takes 256 KiB of context_data; past this many bytes of JSON the largest parts (output,
 * then input, then error) are replaced by a note of their size. Below the limit, for the few bytes
 * canonical JSON may differ from JSON.stringify's.
 */
export const MAX_DATA_BYTES = 240 * 1024;
/** Tags and names are bounded too: metadata has 16 KiB in all. */
const MAX_TAGS = 32;
const MAX_LABEL = 200;

const label = (text: string): string =>
  wellFormed(text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL)}…` : text);
const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

/** Keeps context_data under the API's size limit: large parts become `{ctxlog_truncated, json_bytes}`. */
function fitted(data: Record<string, unknown>): Record<string, unknown> {
  if (jsonBytes(data) <= MAX_DATA_BYTES) return data;
  const out = { ...data };
  for (const part of ["output", "input", "error"] as const) {
    if (out[part] === undefined) continue;
    out[part] = { ctxlog_truncated: true, json_bytes: jsonBytes(out[part]) };
    if (jsonBytes(out) <= MAX_DATA_BYTES) return out;
  }
  return out;
}

/**
 * The step's context_data after the user's `redact`, or null to log nothing. A hook that throws
 * gets the step logged with no input, output or error and `redact_error` saying why.
 */
function redacted(data: Record<string, unknown>, run: FinishedRun, opts: MappingOptions) {
  if (!opts.redact) return data;
  try {
    return opts.redact(data, { kind: run.kind, name: run.name });
  } catch (error) {
    const { input: _i, output: _o, error: _e, ...rest } = data;
    return { ...rest, redact_error: wellFormed(error instanceof Error ? error.message : String(error)) };
  }
}

/**
 * A finished run as the context to log, or null when `redact` says to skip it. context_data:
 * `{kind, name, input?, output?, error?, started_at, ended_at, duration_ms, model?, usage?}`;
 * metadata: the run tree's ids (`run_id`, `parent_run_id`, `root_run_id`), tags, LangGraph's node and
 * step, the tool call id, and `ctxlog_source`. Pure.
 */
export function contextOfRun(run: FinishedRun, opts: MappingOptions): CreateContextInput | null {
  const data: Record<string, unknown> = { kind: run.kind, name: label(run.name) };
  if (opts.recordInputs && run.input !== undefined) data.input = run.input;
  if (opts.recordOutputs && run.output !== undefined) data.output = run.output;
  if (run.error !== undefined) data.error = run.error;
  data.started_at = new Date(run.startedAt).toISOString();
  data.ended_at = new Date(run.endedAt).toISOString();
  data.duration_ms = Math.max(0, run.endedAt - run.startedAt);
  if (run.model !== undefined) data.model = label(run.model);
  if (run.usage !== undefined) data.usage = { ...run.usage };

  const kept = redacted(data, run, opts);
  if (kept === null) return null;

  const metadata: Record<string, unknown> = { run_id: run.runId };
  if (run.parentRunId !== undefined) metadata.parent_run_id = run.parentRunId;
  metadata.root_run_id = run.rootRunId;
  if (run.tags.length > 0) metadata.tags = run.tags.slice(0, MAX_TAGS).map(label);
  if (run.langgraphNode !== undefined) metadata.langgraph_node = label(run.langgraphNode);
  if (run.langgraphStep !== undefined) metadata.langgraph_step = run.langgraphStep;
  if (run.toolCallId !== undefined) metadata.tool_call_id = label(run.toolCallId);
  metadata[CONTEXT_SOURCE_KEY] = { ...opts.source };

  const context: CreateContextInput = { agent_id: run.agentId, context_data: fitted(kept), metadata };
  if (opts.salt) context.salt = true;
  if (opts.visibility !== undefined) context.visibility = opts.visibility;
  return context;
}

const AGENT_ID_MAX = 128;

/**
 * The default agent id of a run tree, `${rootRunName}/${rootRunId}`, made to fit the API's pattern
 * (1–128 of letters, digits and `. _ : @ / -`, starting with a letter or digit): other characters
 * become `-`, and the name is shortened so the run id always fits whole.
 */
export function defaultAgentId(rootName: string, rootRunId: string): string {
  const clean = (text: string) => text.replace(/[^A-Za-z0-9._:@/-]/g, "-");
  const id = clean(rootRunId).slice(0, AGENT_ID_MAX - 2);
  let name = clean(rootName).replace(/^[^A-Za-z0-9]+/, "");
  if (name === "") name = "run";
  return `${name.slice(0, AGENT_ID_MAX - 1 - id.length)}/${id}`;
}
