#!/usr/bin/env node
// bench:integrations — @ctxlog/langchain: the time one LangChain step takes without and with the
// ctxlog callback handler, in one run, alternating (without, with; then with, without; …) so both
// see the same machine. The step: one call of LangChain's FakeListChatModel (a real chat model
// run: callback manager, run ids, LLM result), then LangChain's background callback queue drained
// (awaitAllCallbacks), so the handler's work counts even though LangChain runs it after the call.
// ctxlog is a loopback HTTP server answering POST /v1/contexts/batch with 202, reached through the
// real SDK logger (batches of up to 100 every 200 ms, sent while the steps run). Target: ≤ 1 ms
// added to the median step. Also, as a larger figure: a whole LangGraph ReAct agent run (two tool
// calls, about 20 runs logged) without and with (agent_median_ms_*). Needs the built packages (npm run build). Alone:
// `node bench/integrations/langchain.js [steps]`.
const http = require("node:http");
const path = require("node:path");

const root = path.resolve(__dirname, "../..");
const { CtxlogCallbackHandler } = require(path.join(root, "packages/langchain/dist"));
const { FakeListChatModel } = require("@langchain/core/utils/testing");
const { HumanMessage } = require("@langchain/core/messages");
const { awaitAllCallbacks } = require("@langchain/core/callbacks/promises");
const { AIMessage } = require("@langchain/core/messages");
const { fakeModel } = require("@langchain/core/testing");
const { tool } = require("@langchain/core/tools");
const { createReactAgent } = require("@langchain/langgraph/prebuilt");
const { z } = require("zod");

const numbers = z.object({ a: z.number(), b: z.number() });
const tools = [
  tool(async ({ a, b }) => String(a + b), { name: "add", description: "Adds", schema: numbers }),
  tool(async ({ a, b }) => String(a * b), { name: "multiply", description: "Multiplies", schema: numbers }),
];
/** A LangGraph ReAct agent that calls both tools, then answers (the e2e test's agent). */
const reactAgent = () =>
  createReactAgent({
    llm: fakeModel()
      .respondWithTools([{ name: "add", args: { a: 2, b: 3 } }])
      .respondWithTools([{ name: "multiply", args: { a: 5, b: 4 } }])
      .respond(new AIMessage("20")),
    tools,
  });

/** The stand-in for the API: reads each batch and answers 202 with one record per context. */
async function startSink() {
  let received = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const { contexts } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      received += contexts.length;
      const data = contexts.map((_, i) => ({ context_id: `ctx_${received - contexts.length + i}` }));
      res.writeHead(202, { "content-type": "application/json" }).end(JSON.stringify({ data }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function run({ steps = 2000 } = {}) {
  const sink = await startSink();
  const handler = new CtxlogCallbackHandler({ apiKey: "ck_bench", baseUrl: sink.baseUrl });
  const model = new FakeListChatModel({ responses: ["The answer is 20."] });
  const messages = [new HumanMessage("What is (2 + 3) * 4?")];
  const step = async (callbacks) => {
    const started = process.hrtime.bigint();
    await model.invoke(messages, callbacks ? { callbacks } : {});
    await awaitAllCallbacks();
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  // warm-up: JIT, the HTTP connection, LangChain's lazy imports
  for (let i = 0; i < 50; i++) {
    await step();
    await step([handler]);
  }
  const without = [];
  const withHandler = [];
  for (let i = 0; i < steps; i++) {
    if (i % 2 === 0) {
      without.push(await step());
      withHandler.push(await step([handler]));
    } else {
      withHandler.push(await step([handler]));
      without.push(await step());
    }
  }
  // the whole agent (about 20 runs: nodes, 3 model calls, 2 tools) as a second, larger figure
  const agentRuns = Math.max(10, Math.round(steps / 20));
  const agentWithout = [];
  const agentWith = [];
  const agentStep = async (callbacks) => {
    const agent = reactAgent();
    const started = process.hrtime.bigint();
    await agent.invoke({ messages }, callbacks ? { callbacks } : {});
    await awaitAllCallbacks();
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  for (let i = 0; i < agentRuns; i++) {
    if (i % 2 === 0) {
      agentWithout.push(await agentStep());
      agentWith.push(await agentStep([handler]));
    } else {
      agentWith.push(await agentStep([handler]));
      agentWithout.push(await agentStep());
    }
  }
  await handler.close();
  const logged = sink.received();
  await sink.close();
  if (logged < steps) throw new Error(`bench: the sink received ${logged} contexts for ${steps} steps`);
  return {
    name: "langchain",
    median_ms_without: Number(median(without).toFixed(4)),
    median_ms_with: Number(median(withHandler).toFixed(4)),
    steps,
    agent_runs: agentRuns,
    agent_median_ms_without: Number(median(agentWithout).toFixed(4)),
    agent_median_ms_with: Number(median(agentWith).toFixed(4)),
  };
}

module.exports = { run };

if (require.main === module) {
  run({ steps: Number(process.argv[2] ?? 2000) }).then(
    (result) => {
      const added = result.median_ms_with - result.median_ms_without;
      console.log(JSON.stringify(result));
      console.log(`langchain: +${added.toFixed(4)} ms median per step (target ≤ 1 ms)`);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
