import type { OtelJson, OtelJsonObject } from "./any-value";

/**
 * The model and token attributes read, first found, per convention (span attributes only):
 * - OpenTelemetry GenAI semantic conventions (1.26 to 1.37): gen_ai.response.model /
 *   gen_ai.request.model, gen_ai.usage.input_tokens / output_tokens, and before 1.27
 *   gen_ai.usage.prompt_tokens / completion_tokens;
 * - OpenInference (1.x): llm.model_name, llm.token_count.prompt / completion;
 * - Vercel AI SDK telemetry: ai.response.model / ai.model.id, ai.usage.inputTokens / outputTokens
 *   (5.x to 7.x), ai.usage.promptTokens / completionTokens (4.x), and for embeddings
 *   ai.usage.tokens (input only). In 7.x these come from @ai-sdk/otel's LegacyOpenTelemetry; its
 *   default OpenTelemetry integration writes the GenAI attributes above instead (gen_ai.request.model,
 *   gen_ai.usage.input_tokens, also on embedding spans).
 */
const MODEL_KEYS = [
  "gen_ai.response.model",
  "gen_ai.request.model",
  "llm.model_name",
  "ai.response.model",
  "ai.model.id",
];
const INPUT_KEYS = [
  "gen_ai.usage.input_tokens",
  "gen_ai.usage.prompt_tokens",
  "llm.token_count.prompt",
  "ai.usage.inputTokens",
  "ai.usage.promptTokens",
  "ai.usage.tokens",
];
const OUTPUT_KEYS = [
  "gen_ai.usage.output_tokens",
  "gen_ai.usage.completion_tokens",
  "llm.token_count.completion",
  "ai.usage.outputTokens",
  "ai.usage.completionTokens",
];

/** A token count as stored: int64 as a decimal string, or a number; anything else is no count. */
function count(value: OtelJson | undefined): number | null {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

function first<T>(
  attributes: OtelJsonObject,
  keys: readonly string[],
  read: (v: OtelJson | undefined) => T | null,
) {
  for (const key of keys) {
    const found = read(attributes[key]);
    if (found !== null) return found;
  }
  return null;
}

/** One span's model and token counts (null when it carries none). */
export interface SpanUsage {
  model: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
}

export function spanUsage(attributes: OtelJsonObject): SpanUsage {
  return {
    model: first(attributes, MODEL_KEYS, (v) => (typeof v === "string" && v !== "" ? v : null)),
    inputTokens: first(attributes, INPUT_KEYS, count),
    outputTokens: first(attributes, OUTPUT_KEYS, count),
  };
}

/** A trace's spans as its usage totals need them. */
export interface UsageSpan {
  spanId: string;
  parentSpanId: string;
  attributes: OtelJsonObject;
}

export interface TraceUsage {
  /** the models named, in the order of the spans given, each once */
  models: string[];
  /** sums over the spans counted; null when no span carries a count */
  inputTokens: number | null;
  outputTokens: number | null;
}

/**
 * Models and token totals of a trace's spans. Each model call is counted once: a span's tokens
 * count only when none of its descendants among `spans` carries tokens, since wrappers repeat their
 * calls' usage (the AI SDK's ai.generateText over ai.generateText.doGenerate, an invoke_agent span
 * summing its chats, as the AI SDK 7's invoke_agent does over its step / chat spans).
 */
export function traceUsage(spans: readonly UsageSpan[]): TraceUsage {
  const usages = spans.map((s) => spanUsage(s.attributes));
  const parentOf = new Map(spans.map((s) => [s.spanId, s.parentSpanId]));
  const wrapsUsage = new Set<string>();
  spans.forEach((span, i) => {
    const u = usages[i] as SpanUsage;
    if (u.inputTokens === null && u.outputTokens === null) return;
    // mark every ancestor present (bounded by the spans given: a cycle of bad ids stops there)
    let parent = span.parentSpanId;
    for (let hops = 0; parent && hops < spans.length && !wrapsUsage.has(parent); hops++) {
      wrapsUsage.add(parent);
      parent = parentOf.get(parent) ?? "";
    }
  });
  const models = new Set<string>();
  let inputTokens: number | null = null;
  let outputTokens: number | null = null;
  spans.forEach((span, i) => {
    const u = usages[i] as SpanUsage;
    if (u.model !== null) models.add(u.model);
    if (wrapsUsage.has(span.spanId)) return;
    if (u.inputTokens !== null) inputTokens = (inputTokens ?? 0) + u.inputTokens;
    if (u.outputTokens !== null) outputTokens = (outputTokens ?? 0) + u.outputTokens;
  });
  return { models: [...models], inputTokens, outputTokens };
}
