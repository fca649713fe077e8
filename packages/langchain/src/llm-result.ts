import { type JsonValue, toJsonValue } from "./json-value";

/** Token counts in the snake_case: what the step cost. */
export interface StepUsage {
  input_tokens?: number;
  output_tokens?: number;
  total_tokens?: number;
}

/** The parts of LangChain's LLMResult this package reads (structural: no import of the class). */
export interface LlmResultLike {
  generations?: { text?: string; message?: unknown; generationInfo?: Record<string, unknown> }[][];
  llmOutput?: Record<string, unknown> | null;
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
const count = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

function addUsage(total: StepUsage, input?: number, output?: number, sum?: number): void {
  if (input !== undefined) total.input_tokens = (total.input_tokens ?? 0) + input;
  if (output !== undefined) total.output_tokens = (total.output_tokens ?? 0) + output;
  const all = sum ?? (input !== undefined && output !== undefined ? input + output : undefined);
  if (all !== undefined) total.total_tokens = (total.total_tokens ?? 0) + all;
}

/**
 * Token usage of an LLM or chat model step: the messages' `usage_metadata` (LangChain's standard
 * field, summed over generations) when any has it, else the provider's `llmOutput.tokenUsage`
 * (`promptTokens`/`completionTokens`, older integrations) or `llmOutput.usage`. Undefined when the
 * model reported none.
 */
export function usageOf(result: LlmResultLike): StepUsage | undefined {
  const total: StepUsage = {};
  for (const generation of (result.generations ?? []).flat()) {
    const usage = record(record(generation.message)?.usage_metadata);
    if (usage)
      addUsage(total, count(usage.input_tokens), count(usage.output_tokens), count(usage.total_tokens));
  }
  if (Object.keys(total).length > 0) return total;
  const output = record(result.llmOutput);
  const legacy = record(output?.tokenUsage) ?? record(output?.estimatedTokenUsage);
  if (legacy)
    addUsage(total, count(legacy.promptTokens), count(legacy.completionTokens), count(legacy.totalTokens));
  const usage = record(output?.usage);
  if (!legacy && usage) {
    const input = count(usage.input_tokens) ?? count(usage.prompt_tokens);
    const outputTokens = count(usage.output_tokens) ?? count(usage.completion_tokens);
    addUsage(total, input, outputTokens, count(usage.total_tokens));
  }
  return Object.keys(total).length > 0 ? total : undefined;
}

/**
 * The model that answered: from the response (`response_metadata.model_name`/`model`, then
 * `llmOutput.model_name`/`model`), else what the call asked for (`fromStart`: the run's
 * `ls_model_name` metadata or invocation params).
 */
export function modelOf(result: LlmResultLike, fromStart?: string): string | undefined {
  for (const generation of (result.generations ?? []).flat()) {
    const meta = record(record(generation.message)?.response_metadata);
    const name = text(meta?.model_name) ?? text(meta?.model);
    if (name) return name;
  }
  const output = record(result.llmOutput);
  return text(output?.model_name) ?? text(output?.model) ?? fromStart;
}

/** The model a run asked for, read at its start (chat models put `ls_model_name` in metadata). */
export function requestedModel(
  metadata: Record<string, unknown> | undefined,
  extraParams: Record<string, unknown> | undefined,
): string | undefined {
  const params = record(extraParams?.invocation_params);
  return (
    text(metadata?.ls_model_name) ??
    text(params?.model) ??
    text(params?.model_name) ??
    text(params?.modelName)
  );
}

/**
 * What the model answered: its message (content and tool calls) for a chat model, its text for an
 * LLM; one generation as itself, several as a list.
 */
export function llmOutputOf(result: LlmResultLike): JsonValue {
  const answers = (result.generations ?? [])
    .flat()
    .map((g) => (g.message ? toJsonValue(g.message) : toJsonValue(g.text)));
  return answers.length === 1 ? (answers[0] as JsonValue) : answers;
}
