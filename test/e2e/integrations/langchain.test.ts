// End to end: a LangGraph ReAct agent (LangChain's fake chat model, two real tool calls) runs with
// the ctxlog callback handler, which logs through the SDK to the real API (PostgreSQL, Redis) on a
// loopback port; the contexts are anchored for real on anvil, the agent log is exported through
// GET /v1/agents/:id/export and audited by the SDK against the chain alone: COMPLETE. Then: ctxlog
// down leaves the agent untouched, and inputs/outputs off and redact hold in what the API stored.
import { freePort } from "@ctxlog/core/testing";
import { CtxlogCallbackHandler } from "@ctxlog/langchain";
import { auditAgent, ContextLogger, ContextLoggerFlushError, CtxlogClient } from "@ctxlog/sdk";
import type { ChainFixture } from "../../../apps/api/src/testing/chain-fixture";
import type { Tenant } from "../../../apps/api/src/testing/harness";
import { ANSWER, question, twoToolAgent } from "../../../packages/langchain/src/testing/react-agent";
import { type IntegrationStack, startIntegrationStack } from "./stack";

let stack: IntegrationStack;
let chain: ChainFixture;
let baseUrl: string;
let t: Tenant;
let client: CtxlogClient;

beforeAll(async () => {
  stack = await startIntegrationStack();
  ({ chain, baseUrl, tenant: t, client } = stack);
}, 120_000);
afterAll(() => stack?.close());

/** The agent's log as exported (its entries anchored first, as the chain worker would), parsed. */
const anchorAndExport = async (agentId: string): Promise<Record<string, unknown>[]> =>
  (await stack.anchorAndExport(agentId)).map((line) => JSON.parse(line));

it("an agent with two tool calls → one agent log, in the order the runs ended, anchored, audited COMPLETE", async () => {
  const handler = new CtxlogCallbackHandler({ apiKey: t.keys.full, baseUrl });
  const result = await twoToolAgent().invoke(question(), { callbacks: [handler] });
  expect(result.messages.at(-1)?.content).toBe(ANSWER);
  await handler.close();

  const agents: string[] = [];
  for await (const agent of client.agents.listAll()) agents.push(agent.agent_id);
  const agentId = agents.find((id) => id.startsWith("LangGraph/"));
  expect(agentId).toBeDefined();
  const entries = await anchorAndExport(agentId as string);

  const data = entries.map((e) => (e.context as { context_data: Record<string, unknown> }).context_data);
  const steps = data.map((d) => `${d.kind}:${d.name}`);
  expect(steps.filter((s) => s.startsWith("tool:"))).toEqual(["tool:add", "tool:multiply"]);
  expect(steps.filter((s) => s.startsWith("llm:"))).toHaveLength(3);
  expect(steps.at(-1)).toBe("chain:LangGraph");
  const metadata = entries.map((e) => (e.context as { metadata: Record<string, unknown> }).metadata);
  expect(agentId).toBe(`LangGraph/${metadata.at(-1)?.run_id}`);
  expect(metadata.at(-1)?.ctxlog_source).toMatchObject({ name: "@ctxlog/langchain" });
  expect(data.at(-2)).toMatchObject({ kind: "chain", name: "agent" }); // the last node, before the root
  const ended = data.map((d) => Date.parse(d.ended_at as string));
  expect(ended).toEqual([...ended].sort((a, b) => a - b));
  expect(entries.map((e) => e.sequence)).toEqual(entries.map((_, i) => i + 1));

  const audit = await auditAgent(entries, { rpcUrl: chain.rpcUrl });
  expect(audit.first_break).toBeNull();
  expect(audit).toMatchObject({ complete: true, entries: entries.length, first_sequence: 1 });
  expect(audit.summary).toMatch(/^COMPLETE: agent LangGraph\//);
  // as a user runs it: npx ctxlog audit --api … --agent …
  const cli = await stack.auditWithCli(agentId as string);
  expect([cli.code, cli.stderr]).toEqual([0, ""]);
  expect(cli.stdout).toMatch(/^COMPLETE: agent LangGraph\//m);
}, 60_000);

it("ctxlog down: the agent finishes normally, nothing throws, each step goes to onFailure", async () => {
  const port = await freePort(); // nothing listens there
  const failed: unknown[] = [];
  const down = new CtxlogClient({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey: t.keys.full,
    maxRetries: 0,
  });
  const handler = new CtxlogCallbackHandler({
    logger: new ContextLogger(down, { maxRetries: 0, onFailure: (context) => failed.push(context) }),
  });
  const result = await twoToolAgent().invoke(question(), { callbacks: [handler] });
  expect(result.messages.at(-1)?.content).toBe(ANSWER);
  await expect(handler.flush()).rejects.toBeInstanceOf(ContextLoggerFlushError);
  expect(failed.length).toBeGreaterThanOrEqual(6);
});

it("inputs and outputs off and redact hold in what the API stored, and the log still audits complete", async () => {
  const agentId = "langchain-redacted";
  const handler = new CtxlogCallbackHandler({
    apiKey: t.keys.full,
    baseUrl,
    agentId,
    recordInputs: false,
    recordOutputs: false,
    redact: (data, step) => (step.kind === "chain" ? null : { ...data, name: `${step.kind}-step` }),
  });
  await twoToolAgent().invoke(question(), { callbacks: [handler] });
  await handler.close();
  const entries = await anchorAndExport(agentId);
  const data = entries.map((e) => (e.context as { context_data: Record<string, unknown> }).context_data);
  expect(data.map((d) => d.name)).toEqual(["llm-step", "tool-step", "llm-step", "tool-step", "llm-step"]);
  for (const d of data) {
    expect(d).not.toHaveProperty("input");
    expect(d).not.toHaveProperty("output");
  }
  expect(JSON.stringify(entries)).not.toContain("2 + 3");
  expect(JSON.stringify(entries)).not.toContain(ANSWER);
  expect((await auditAgent(entries, { rpcUrl: chain.rpcUrl })).complete).toBe(true);
}, 60_000);
