import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "@langchain/core/tools";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { z } from "zod";

/** The question the agent is asked, and what it answers after its two tool calls. */
export const QUESTION = "What is (2 + 3) * 4?";
export const ANSWER = "(2 + 3) * 4 = 20";

/**
 * A LangGraph ReAct agent (the library's own createReactAgent) over LangChain's fake chat model,
 * scripted to call `add`, then `multiply` (two real `tool()` tools), then answer: no network, no
 * model. The last answer carries token usage and a model name, as a provider's would.
 */
export function twoToolAgent(opts: { failMultiply?: boolean } = {}) {
  const add = tool(async ({ a, b }: { a: number; b: number }) => String(a + b), {
    name: "add",
    description: "Adds two numbers",
    schema: z.object({ a: z.number(), b: z.number() }),
  });
  const multiply = tool(
    async ({ a, b }: { a: number; b: number }) => {
      if (opts.failMultiply) throw new Error("multiply is out of order");
      return String(a * b);
    },
    {
      name: "multiply",
      description: "Multiplies two numbers",
      schema: z.object({ a: z.number(), b: z.number() }),
    },
  );
  const model = fakeModel()
    .respondWithTools([{ name: "add", args: { a: 2, b: 3 }, id: "call_add" }])
    .respondWithTools([{ name: "multiply", args: { a: 5, b: 4 }, id: "call_multiply" }])
    .respond(
      new AIMessage({
        content: ANSWER,
        usage_metadata: { input_tokens: 42, output_tokens: 9, total_tokens: 51 },
        response_metadata: { model_name: "fake-model-1" },
      }),
    );
  return createReactAgent({ llm: model, tools: [add, multiply] });
}

export const question = () => ({ messages: [new HumanMessage(QUESTION)] });
