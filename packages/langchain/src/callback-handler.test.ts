// The handler against the real LangChain and LangGraph (fake chat model, real tools, real
// createReactAgent), logging through the real SDK logger to a loopback server standing in for
// POST /v1/contexts/batch. The real API, anvil and the audit: test/e2e/integrations/langchain.test.ts.
import { ContextLogger, ContextLoggerFlushError, CtxlogClient } from "@ctxlog/sdk";
import { BaseCallbackHandler, type CallbackHandlerMethods } from "@langchain/core/callbacks/base";
import { Document } from "@langchain/core/documents";
import { RunnableLambda } from "@langchain/core/runnables";
import { FakeRetriever } from "@langchain/core/utils/testing";
import { CtxlogCallbackHandler } from "./callback-handler";
import { type BatchServer, startBatchServer } from "./testing/batch-server";
import { ANSWER, question, twoToolAgent } from "./testing/react-agent";

let server: BatchServer;
beforeEach(async () => {
  server = await startBatchServer();
});
afterEach(async () => {
  await server.close();
});

const handlerFor = (more: ConstructorParameters<typeof CtxlogCallbackHandler>[0] = {}) =>
  new CtxlogCallbackHandler({ apiKey: "ck_test", baseUrl: server.baseUrl, ...more });
const data = (i: number) => server.contexts[i]?.context_data as Record<string, unknown>;
const meta = (i: number) => server.contexts[i]?.metadata as Record<string, unknown>;
/** A handler that passes every callback on to `target` twice, with the same run ids. */
function forwardTwice(target: CtxlogCallbackHandler): BaseCallbackHandler {
  const methods: Record<string, unknown> = {};
  for (const name of HANDLER_METHODS) {
    methods[name] = (...args: unknown[]) => {
      const method = (target as unknown as Record<string, (...a: unknown[]) => void>)[name];
      method?.apply(target, args);
      method?.apply(target, args);
    };
  }
  return BaseCallbackHandler.fromMethods(methods as CallbackHandlerMethods);
}
const HANDLER_METHODS = ["Chain", "LLM", "Tool", "Retriever"].flatMap((kind) =>
  ["Start", "End", "Error"].map((event) => `handle${kind}${event}`),
);
HANDLER_METHODS.push("handleChatModelStart");
const steps = () => server.contexts.map((c) => `${c.context_data.kind}:${c.context_data.name}`);

describe("a LangGraph ReAct agent with two tool calls", () => {
  it("logs every run as it ends, the tree in metadata, one agent log per root run", async () => {
    const handler = handlerFor();
    const result = await twoToolAgent().invoke(question(), { callbacks: [handler] });
    expect(result.messages.at(-1)?.content).toBe(ANSWER);
    await handler.close();

    const kinds = server.contexts.map((c) => c.context_data.kind);
    expect(kinds.filter((k) => k === "llm")).toHaveLength(3);
    expect(kinds.filter((k) => k === "tool")).toHaveLength(2);
    // the graph's plumbing LangChain hides (langsmith:hidden, e.g. __start__) is not logged
    expect(steps()).not.toContain("chain:__start__");
    // in the order the runs ended: the tools in turn, the root last
    const tools = steps().filter((s) => s.startsWith("tool:"));
    expect(tools).toEqual(["tool:add", "tool:multiply"]);
    const last = server.contexts.length - 1;
    expect(steps()[last]).toBe("chain:LangGraph"); // the root's run name, not its class

    const rootId = meta(last).run_id as string;
    expect(meta(last).parent_run_id).toBeUndefined();
    expect(new Set(server.contexts.map((c) => c.agent_id))).toEqual(new Set([`LangGraph/${rootId}`]));
    const runIds = new Set(server.contexts.map((c) => c.metadata?.run_id));
    expect(runIds.size).toBe(server.contexts.length);
    for (const context of server.contexts) {
      const m = context.metadata as Record<string, unknown>;
      expect(m.root_run_id).toBe(rootId);
      if (m.run_id !== rootId) expect(runIds.has(m.parent_run_id)).toBe(true);
      expect(m.ctxlog_source).toMatchObject({
        name: "@ctxlog/langchain",
        library: expect.stringMatching(/^@langchain\/core@1\./),
      });
    }

    const add = steps().indexOf("tool:add");
    expect(data(add)).toMatchObject({ input: { a: 2, b: 3 }, output: { type: "tool", content: "5" } });
    expect(meta(add)).toMatchObject({ tool_call_id: "call_add", langgraph_node: "tools" });
    const toolsNode = server.contexts.find((c) => c.metadata?.run_id === meta(add).parent_run_id);
    expect(toolsNode?.context_data).toMatchObject({ kind: "chain", name: "tools" });

    const llms = server.contexts.filter((c) => c.context_data.kind === "llm");
    expect(llms.map((c) => c.metadata?.langgraph_node)).toEqual(["agent", "agent", "agent"]);
    expect(llms[0]?.context_data.output).toMatchObject({
      tool_calls: [expect.objectContaining({ name: "add", args: { a: 2, b: 3 }, id: "call_add" })],
    });
    expect(llms[2]?.context_data).toMatchObject({
      output: { type: "ai", content: ANSWER },
      model: "fake-model-1",
      usage: { input_tokens: 42, output_tokens: 9, total_tokens: 51 },
    });
    expect(Array.isArray(llms[2]?.context_data.input)).toBe(true);
    for (const c of server.contexts) {
      const d = c.context_data as { started_at: string; ended_at: string; duration_ms: number };
      expect(Date.parse(d.ended_at) - Date.parse(d.started_at)).toBe(d.duration_ms);
    }
    expect(handler.openRuns).toBe(0);
  });

  it("logs the same whether LangChain awaits its handlers or runs them in the background", async () => {
    const background = handlerFor({ agentId: "bg" });
    background.awaitHandlers = false;
    const awaited = handlerFor({ agentId: "awaited" });
    expect(awaited.awaitHandlers).toBe(true); // the default: every step is queued when invoke() returns
    await twoToolAgent().invoke(question(), { callbacks: [background] });
    await twoToolAgent().invoke(question(), { callbacks: [awaited] });
    await Promise.all([background.close(), awaited.close()]);
    const of = (agent: string) =>
      server.contexts
        .filter((c) => c.agent_id === agent)
        .map((c) => `${c.context_data.kind}:${c.context_data.name}`);
    expect(of("bg").length).toBeGreaterThan(5);
    expect(of("awaited")).toEqual(of("bg"));
  });

  it("every step is with the logger when invoke() returns: nothing waits in LangChain's queue", async () => {
    const logger = new ContextLogger(new CtxlogClient({ apiKey: "ck_test", baseUrl: server.baseUrl }), {
      flushIntervalMs: 60_000,
    });
    const handler = new CtxlogCallbackHandler({ logger });
    await twoToolAgent().invoke(question(), { callbacks: [handler] });
    const queued = logger.pending;
    await handler.close();
    expect(queued).toBeGreaterThan(5);
    expect(server.contexts).toHaveLength(queued);
  });

  it("a run reported twice (every start and end delivered two times) is logged once", async () => {
    const once = handlerFor({ agentId: "once" });
    await twoToolAgent().invoke(question(), { callbacks: [once] });
    await once.close();
    const single = steps();
    server.contexts.length = 0;
    // LangChain itself drops a handler given twice; this one forwards each event twice, as a
    // framework retrying its callbacks would
    const twice = handlerFor({ agentId: "twice" });
    await twoToolAgent().invoke(question(), { callbacks: [forwardTwice(twice)] });
    await twice.close();
    expect(steps()).toEqual(single);
  });

  it("records a failing tool's error; the agent's own error reaches the caller unchanged", async () => {
    const handler = handlerFor();
    await expect(
      twoToolAgent({ failMultiply: true }).invoke(question(), { callbacks: [handler] }),
    ).resolves.toBeDefined(); // ToolNode turns the tool's error into a ToolMessage by default
    await handler.close();
    const multiply = server.contexts.find((c) => c.context_data.name === "multiply");
    expect(multiply?.context_data.error).toEqual({ name: "Error", message: "multiply is out of order" });

    const failing = handlerFor({ agentId: "failing" });
    const boom = RunnableLambda.from(() => {
      throw new RangeError("chain broke");
    }).withConfig({ runName: "boom" });
    await expect(boom.invoke({}, { callbacks: [failing] })).rejects.toThrow("chain broke");
    await failing.close();
    expect(server.contexts.at(-1)).toMatchObject({
      agent_id: "failing",
      context_data: { kind: "chain", name: "boom", error: { name: "RangeError", message: "chain broke" } },
    });
  });
});

it("logs a retriever's query and documents", async () => {
  const handler = handlerFor({ agentId: "rag" });
  const retriever = new FakeRetriever({
    output: [new Document({ pageContent: "anchored", metadata: { n: 1 } })],
  });
  await retriever.invoke("what is anchored?", { callbacks: [handler] });
  await handler.close();
  expect(server.contexts).toEqual([
    expect.objectContaining({
      agent_id: "rag",
      context_data: expect.objectContaining({
        kind: "retriever",
        input: "what is anchored?",
        output: [{ page_content: "anchored", metadata: { n: 1 } }],
      }),
    }),
  ]);
});

it("inputs and outputs off, redact and salt apply to every step", async () => {
  const handler = handlerFor({
    agentId: (root) => `masked/${root.run_id}`,
    recordInputs: false,
    recordOutputs: false,
    salt: true,
    redact: (d, step) => (step.kind === "chain" ? null : { ...d, note: "seen" }),
  });
  await twoToolAgent().invoke(question(), { callbacks: [handler] });
  await handler.close();
  expect(server.contexts.length).toBe(5); // three model calls, two tools: chains skipped
  for (const c of server.contexts) {
    expect(c.agent_id).toMatch(/^masked\//);
    expect(c.context_data).not.toHaveProperty("input");
    expect(c.context_data).not.toHaveProperty("output");
    expect(c.context_data.note).toBe("seen");
    expect(c.metadata?.ctxlog_salt).toMatch(/^0x[0-9a-f]{64}$/);
  }
  expect(JSON.stringify(server.contexts)).not.toContain("2 + 3");
});

it("ctxlog down: the agent finishes, nothing throws into it, each step reaches onFailure", async () => {
  const down = await startBatchServer();
  await down.close(); // a port nothing listens on
  const failed: unknown[] = [];
  const logger = new ContextLogger(
    new CtxlogClient({ apiKey: "ck_test", baseUrl: down.baseUrl, maxRetries: 0 }),
    {
      maxRetries: 0,
      onFailure: (context) => failed.push(context),
    },
  );
  const handler = new CtxlogCallbackHandler({ logger });
  const result = await twoToolAgent().invoke(question(), { callbacks: [handler] });
  expect(result.messages.at(-1)?.content).toBe(ANSWER);
  await expect(handler.flush()).rejects.toBeInstanceOf(ContextLoggerFlushError);
  expect(failed.length).toBeGreaterThan(5);
  await handler.close(); // a logger given to the handler is flushed, not closed
  await expect(logger.log({ agent_id: "still-open", context_data: {} })).rejects.toBeDefined();
});
