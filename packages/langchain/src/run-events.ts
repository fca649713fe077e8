import type { Serialized } from "@langchain/core/load/serializable";
import { errorJson, type JsonValue, toJsonValue } from "./json-value";
import type { RootRunInfo, StepKind } from "./options";
import type { FinishedRun } from "./run-context";
import type { OpenRun } from "./run-tree";

/** LangSmith hides runs with this tag (graph plumbing such as LangGraph's `__start__`); so does ctxlog. */
const HIDDEN_TAG = "langsmith:hidden";

/** What a start callback tells about its run, in one shape for the four kinds. */
export interface RunStart {
  kind: StepKind;
  serialized: Serialized | undefined;
  runId: string;
  parentRunId: string | undefined;
  tags: string[] | undefined;
  metadata: Record<string, unknown> | undefined;
  runName: string | undefined;
  input: () => unknown;
  model?: string;
  toolCallId?: string;
}

/** What an end or error callback adds. */
export interface RunEnd {
  output?: () => JsonValue;
  error?: unknown;
  model?: (run: OpenRun) => string | undefined;
  usage?: FinishedRun["usage"];
}

const nameOf = (serialized: Serialized | undefined): string | undefined => {
  const named = (serialized as { name?: unknown } | undefined)?.name;
  if (typeof named === "string" && named !== "") return named;
  const id = serialized?.id;
  return Array.isArray(id) && typeof id.at(-1) === "string" ? (id.at(-1) as string) : undefined;
};

/** A tool's input arrives as a string; JSON arguments (structured tools) are logged as the object. */
export function toolInput(input: string): unknown {
  const trimmed = input.trimStart();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return input;
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

/**
 * A run as it starts: its root and agent log from its parent when the parent is open here (else it
 * starts a tree, and `agentIdFor` names the log), its name (the run name, else the class), whether
 * it is hidden, and its input as JSON — converted now, as LangGraph passes its state, which the
 * run may change before it ends.
 */
export function openRunOf(
  start: RunStart,
  parent: OpenRun | undefined,
  agentIdFor: (root: RootRunInfo) => string,
  recordInputs: boolean,
): OpenRun {
  const tags = start.tags ?? [];
  const metadata = start.metadata ?? {};
  const name = start.runName ?? nameOf(start.serialized) ?? start.kind;
  const hidden = tags.includes(HIDDEN_TAG);
  const run: OpenRun = {
    runId: start.runId,
    rootRunId: parent ? parent.rootRunId : start.runId,
    agentId: parent ? parent.agentId : agentIdFor({ run_id: start.runId, name, tags, metadata }),
    kind: start.kind,
    name,
    tags,
    metadata,
    hidden,
    startedAt: Date.now(),
  };
  if (start.parentRunId !== undefined) run.parentRunId = start.parentRunId;
  if (recordInputs && !hidden) run.input = toJsonValue(start.input());
  if (start.model !== undefined) run.model = start.model;
  if (start.toolCallId !== undefined) run.toolCallId = start.toolCallId;
  return run;
}

/** The run, ended now: its start and what its end or error callback told, values as JSON. */
export function finishedRunOf(run: OpenRun, end: RunEnd, recordOutputs: boolean): FinishedRun {
  const finished: FinishedRun = {
    runId: run.runId,
    rootRunId: run.rootRunId,
    agentId: run.agentId,
    kind: run.kind,
    name: run.name,
    tags: run.tags,
    startedAt: run.startedAt,
    endedAt: Date.now(),
  };
  if (run.parentRunId !== undefined) finished.parentRunId = run.parentRunId;
  const node = run.metadata.langgraph_node;
  if (typeof node === "string") finished.langgraphNode = node;
  const step = run.metadata.langgraph_step;
  if (typeof step === "number") finished.langgraphStep = step;
  if (run.toolCallId !== undefined) finished.toolCallId = run.toolCallId;
  if (run.input !== undefined) finished.input = run.input;
  if (end.output && recordOutputs) finished.output = end.output();
  if (end.error !== undefined) finished.error = errorJson(end.error);
  const model = end.model ? end.model(run) : run.model;
  if (model !== undefined) finished.model = model;
  if (end.usage !== undefined) finished.usage = end.usage;
  return finished;
}
