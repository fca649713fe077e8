import type { OtelJson } from "./any-value";

/** What a GenAI span says about itself, for display: never a substitute for the stored span. */
export interface GenAiSummary {
  /** `gen_ai.provider.name` (current conventions) or `gen_ai.system` (before 1.37) */
  provider: string | null;
  operation: string | null;
  model: string | null;
  agentName: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
}

const str = (value: OtelJson | undefined) => (typeof value === "string" && value !== "" ? value : null);

/** int64 attributes are stored as decimal strings; older senders may use doubles. */
function count(value: OtelJson | undefined): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) return Number(value);
  return null;
}

/**
 * Reads both generations of the GenAI semantic conventions from a stored span's attributes:
 * `gen_ai.provider.name` or the older `gen_ai.system`; `gen_ai.response.model` or, failing that,
 * `gen_ai.request.model`; `gen_ai.usage.input_tokens` / `output_tokens` or the older
 * `prompt_tokens` / `completion_tokens`.
 */
export function genAiSummary(attributes: Record<string, OtelJson | undefined>): GenAiSummary {
  return {
    provider: str(attributes["gen_ai.provider.name"]) ?? str(attributes["gen_ai.system"]),
    operation: str(attributes["gen_ai.operation.name"]),
    model: str(attributes["gen_ai.response.model"]) ?? str(attributes["gen_ai.request.model"]),
    agentName: str(attributes["gen_ai.agent.name"]),
    inputTokens:
      count(attributes["gen_ai.usage.input_tokens"]) ?? count(attributes["gen_ai.usage.prompt_tokens"]),
    outputTokens:
      count(attributes["gen_ai.usage.output_tokens"]) ?? count(attributes["gen_ai.usage.completion_tokens"]),
  };
}
