import type { Context } from "../../api/schema";

/*
 * A trace's spans, as the OTLP endpoint stores them (each span's normalised JSON is its context's
 * context_data; its trace and span ids are in metadata), arranged as the tree their parent ids
 * make, for the context page. The stored span is shown whole elsewhere on the page; this reads a
 * few fields of it for display only.
 */

type Json = unknown;

/** What a GenAI span says about itself: both generations of the semantic conventions. */
export interface GenAiSummary {
  /** `gen_ai.provider.name`, or the older `gen_ai.system` */
  provider: string | null;
  operation: string | null;
  /** `gen_ai.response.model`, else `gen_ai.request.model` */
  model: string | null;
  /** `gen_ai.usage.input_tokens` / `output_tokens`, or the older `prompt_tokens` / `completion_tokens` */
  inputTokens: number | null;
  outputTokens: number | null;
}

const str = (value: Json) => (typeof value === "string" && value !== "" ? value : null);
/** int64 attributes are stored as decimal strings; some senders use doubles */
const count = (value: Json) =>
  typeof value === "number" && Number.isFinite(value)
    ? value
    : typeof value === "string" && /^\d{1,15}$/.test(value)
      ? Number(value)
      : null;

export function genAiSummary(attributes: Record<string, Json>): GenAiSummary {
  return {
    provider: str(attributes["gen_ai.provider.name"]) ?? str(attributes["gen_ai.system"]),
    operation: str(attributes["gen_ai.operation.name"]),
    model: str(attributes["gen_ai.response.model"]) ?? str(attributes["gen_ai.request.model"]),
    inputTokens:
      count(attributes["gen_ai.usage.input_tokens"]) ?? count(attributes["gen_ai.usage.prompt_tokens"]),
    outputTokens:
      count(attributes["gen_ai.usage.output_tokens"]) ?? count(attributes["gen_ai.usage.completion_tokens"]),
  };
}

export interface SpanNode extends GenAiSummary {
  contextId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** the span's own status (unset / ok / error), not its context's */
  spanStatus: string;
  statusMessage: string;
  startNs: bigint;
  /** null when the span gives no end, or one before its start */
  endNs: bigint | null;
  /** depth in the tree: 0 for a root (or a span whose parent was not received) */
  depth: number;
}

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The trace id of a context that came from OTLP, else null. */
export function traceIdOf(context: Pick<Context, "metadata">): string | null {
  // an erased context has no metadata left, and no trace to show
  const id = context.metadata?.trace_id;
  return typeof id === "string" && /^[0-9a-f]{32}$/.test(id) ? id : null;
}

/** A time in nanoseconds since the epoch (OTLP stores them as decimal strings), or null. */
function nanos(value: Json): bigint | null {
  if (typeof value === "string") return /^\d{1,20}$/.test(value) ? BigInt(value) : null;
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : null;
}

function nodeOf(context: Pick<Context, "context_id" | "context_data">): Omit<SpanNode, "depth"> | null {
  const span = context.context_data;
  if (!span || typeof span.span_id !== "string") return null;
  const status = isRecord(span.status) ? span.status : {};
  const startNs = nanos(span.start_time_unix_nano) ?? 0n; // none: sorts first
  const end = nanos(span.end_time_unix_nano);
  return {
    contextId: context.context_id,
    spanId: span.span_id,
    parentSpanId: typeof span.parent_span_id === "string" ? span.parent_span_id : "",
    name: typeof span.name === "string" ? span.name : "(unnamed)",
    spanStatus: typeof status.code === "string" ? status.code : "unset",
    statusMessage: typeof status.message === "string" ? status.message : "",
    startNs,
    endNs: end !== null && end >= startNs ? end : null,
    ...genAiSummary(isRecord(span.attributes) ? span.attributes : {}),
  };
}

/**
 * The spans in tree order (depth first, siblings by start time), each with its depth. A span
 * whose parent is not among them is a root; a span id seen twice is shown once.
 */
export function spanTree(contexts: readonly Pick<Context, "context_id" | "context_data">[]): SpanNode[] {
  const nodes = new Map<string, Omit<SpanNode, "depth">>();
  for (const context of contexts) {
    const node = nodeOf(context);
    if (node && !nodes.has(node.spanId)) nodes.set(node.spanId, node);
  }
  const children = new Map<string, Omit<SpanNode, "depth">[]>();
  const roots: Omit<SpanNode, "depth">[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentSpanId && nodes.has(node.parentSpanId) ? node.parentSpanId : null;
    if (parent === null) roots.push(node);
    else children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const byStart = (a: { startNs: bigint }, b: { startNs: bigint }) =>
    a.startNs < b.startNs ? -1 : a.startNs > b.startNs ? 1 : 0;
  const out: SpanNode[] = [];
  // iterative, so a hostile trace cannot overflow the stack; `seen` guards against parent cycles
  const seen = new Set<string>();
  const stack = roots
    .sort(byStart)
    .reverse()
    .map((node) => ({ node, depth: 0 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: Omit<SpanNode, "depth">; depth: number };
    if (seen.has(node.spanId)) continue;
    seen.add(node.spanId);
    out.push({ ...node, depth });
    const kids = [...(children.get(node.spanId) ?? [])].sort(byStart).reverse();
    for (const kid of kids) stack.push({ node: kid, depth: depth + 1 });
  }
  return out;
}
