// Test-only: a real Agent of the Agents SDK on a model that answers from a script (no network, no
// model call): it asks for two calls of its `add` tool, then answers. Shared by the unit tests, the
// end-to-end test and nothing published (tsconfig.json leaves src/testing out of dist).
import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  setTraceProcessors,
  setTracingDisabled,
  type TracingProcessor,
  tool,
  withGenerationSpan,
} from "@openai/agents-core";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents-core/testing";
import { z } from "zod";

export const MODEL_NAME = "scripted-model";
export const FINAL_ANSWER = "1+2 is 3 and 3+4 is 7";

/**
 * The SDK's ScriptedModel, traced as a model provider traces its calls (the OpenAI Chat Completions
 * model does the same: a generation span with the model, its input, output and usage), so a run
 * has generation spans as it would against a real model.
 */
class TracedScriptedModel implements Model {
  constructor(private readonly scripted: ScriptedModel) {}

  getResponse(request: ModelRequest): Promise<ModelResponse> {
    return withGenerationSpan(async (span) => {
      span.spanData.model = MODEL_NAME;
      span.spanData.model_config = { temperature: request.modelSettings.temperature ?? null };
      span.spanData.input =
        typeof request.input === "string" ? [{ role: "user", content: request.input }] : [...request.input];
      const response = await this.scripted.getResponse(request);
      span.spanData.output = response.output;
      span.spanData.usage = { input_tokens: 12, output_tokens: 7 };
      return response;
    });
  }

  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    return this.scripted.getStreamedResponse(request);
  }
}

/** The Adder agent on a fresh script: add(1, 2), add(3, 4), then FINAL_ANSWER. */
export function twoToolCallAgent(toolCalls: { a: number; b: number }[] = []): Agent {
  const model = new TracedScriptedModel(
    new ScriptedModel([
      [functionCall("add", { a: 1, b: 2 }, { callId: "call_1" })],
      [functionCall("add", { a: 3, b: 4 }, { callId: "call_2" })],
      [assistantMessage(FINAL_ANSWER)],
    ]),
  );
  const add = tool({
    name: "add",
    description: "Adds two numbers.",
    parameters: z.object({ a: z.number(), b: z.number() }),
    execute: async ({ a, b }) => {
      toolCalls.push({ a, b });
      return String(a + b);
    },
  });
  return new Agent({ name: "Adder", instructions: "Add what you are asked to.", model, tools: [add] });
}

/**
 * Tracing on, with `processors` as the only ones: jest sets NODE_ENV=test, where the SDK turns
 * tracing off, and @openai/agents adds OpenAI's exporter, which must send nothing from a test.
 */
export function traceOnlyTo(...processors: TracingProcessor[]): void {
  setTraceProcessors(processors);
  setTracingDisabled(false);
}
