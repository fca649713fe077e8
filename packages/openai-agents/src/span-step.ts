// What one span of the Agents SDK says, in the fields every ctxlog integration uses: `kind` and
// `name` first, then the span type's own fields (snake_case, as the SDK names them). Inputs and
// outputs are kept apart so the `recordInputs` / `recordOutputs` options can leave them out.
import type { SpanData } from "@openai/agents-core";

/** The step of a span, before times, errors and options are applied. */
export interface SpanStep {
  kind: string;
  name: string;
  /** Fields recorded whatever the options: model, usage, the agent's tools… */
  fields: Record<string, unknown>;
  input?: unknown;
  output?: unknown;
}

/** Audio is carried as base64 text: its length and format say which audio it was, not its bytes. */
const audio = (value: { data: string; format: string } | undefined) =>
  value ? { format: value.format, data_length: value.data.length } : undefined;

const defined = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

/**
 * The SDK's span types, mapped to ctxlog kinds: agent → agent; generation and response (a model
 * call) → llm; function (a tool call) and mcp_tools (an MCP server's tool list) → tool; handoff;
 * guardrail; task (one run() call) and turn (one loop of the runner), speech_group → chain;
 * transcription and speech → llm; custom → custom. A type this version does not know keeps its
 * own name as its kind and its fields as output.
 */
export function spanStep(data: SpanData): SpanStep {
  switch (data.type) {
    case "agent":
      return {
        kind: "agent",
        name: data.name,
        fields: defined({ handoffs: data.handoffs, tools: data.tools, output_type: data.output_type }),
      };
    case "task":
      return { kind: "chain", name: data.name, fields: defined({ usage: data.usage }) };
    case "turn":
      return {
        kind: "chain",
        name: `turn ${data.turn}`,
        fields: defined({ turn: data.turn, agent_name: data.agent_name, usage: data.usage }),
      };
    case "generation":
      return {
        kind: "llm",
        name: data.model ?? "generation",
        fields: defined({ model: data.model, model_config: data.model_config, usage: data.usage }),
        input: data.input,
        output: data.output,
      };
    case "response": {
      const response = data._response;
      return {
        kind: "llm",
        name: typeof response?.model === "string" ? response.model : "response",
        fields: defined({ model: response?.model, usage: response?.usage, response_id: data.response_id }),
        input: data._input,
        output: response?.output ?? response,
      };
    }
    case "function":
      return {
        kind: "tool",
        name: data.name,
        fields: defined({ mcp_data: data.mcp_data }),
        input: data.input,
        output: data.output,
      };
    case "mcp_tools":
      return {
        kind: "tool",
        name: "mcp_list_tools",
        fields: defined({ server: data.server }),
        output: data.result,
      };
    case "handoff":
      return {
        kind: "handoff",
        name: data.to_agent ?? "handoff",
        fields: defined({ from_agent: data.from_agent, to_agent: data.to_agent }),
      };
    case "guardrail":
      return { kind: "guardrail", name: data.name, fields: { triggered: data.triggered } };
    case "custom":
      return { kind: "custom", name: data.name, fields: {}, output: data.data };
    case "transcription":
      return {
        kind: "llm",
        name: "transcription",
        fields: defined({ model: data.model, model_config: data.model_config }),
        input: audio(data.input),
        output: data.output,
      };
    case "speech":
      return {
        kind: "llm",
        name: "speech",
        fields: defined({ model: data.model, model_config: data.model_config }),
        input: data.input,
        output: audio(data.output),
      };
    case "speech_group":
      return { kind: "chain", name: "speech_group", fields: {}, input: data.input };
    default: {
      const { type, ...rest } = data as { type: string };
      return { kind: String(type), name: String(type), fields: {}, output: rest };
    }
  }
}
