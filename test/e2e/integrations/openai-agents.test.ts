// End to end: a real Agents SDK run (a scripted model: no network, no model call) with two tool
// calls, traced by ctxlogProcessor into the real API (PostgreSQL, Redis) over HTTP, anchored on
// anvil, exported (GET /v1/agents/:id/export) and audited — by the SDK's auditAgent and by the
// `ctxlog audit` command — as COMPLETE. Then ctxlog down, and what the options leave out.
import { randomBytes } from "node:crypto";
import { freePort } from "@ctxlog/core/testing";
import { ctxlogProcessor } from "@ctxlog/openai-agents";
import { auditAgent, ContextLogger, type CreateContextInput, CtxlogClient } from "@ctxlog/sdk";
import { run, withTrace } from "@openai/agents";
import type { ChainFixture } from "../../../apps/api/src/testing/chain-fixture";
import type { Tenant } from "../../../apps/api/src/testing/harness";
import {
  FINAL_ANSWER,
  traceOnlyTo,
  twoToolCallAgent,
} from "../../../packages/openai-agents/src/testing/scripted-agent";
import { type IntegrationStack, startIntegrationStack } from "./stack";

let stack: IntegrationStack;
let chain: ChainFixture;
let t: Tenant;
let client: CtxlogClient;

beforeAll(async () => {
  stack = await startIntegrationStack();
  ({ chain, tenant: t, client } = stack);
}, 120_000);
afterAll(async () => {
  traceOnlyTo();
  await stack?.close();
});

const newTraceId = () => `trace_${randomBytes(16).toString("hex")}`;

/** Runs the two-tool-call agent in a trace of its own through a processor with `options`. */
async function tracedRun(workflowName: string, options: Parameters<typeof ctxlogProcessor>[0] = {}) {
  const processor = ctxlogProcessor({ client, ...options });
  traceOnlyTo(processor);
  const traceId = newTraceId();
  const toolCalls: { a: number; b: number }[] = [];
  const result = await withTrace(
    workflowName,
    () => run(twoToolCallAgent(toolCalls), "What are 1+2 and 3+4?"),
    {
      traceId,
    },
  );
  await processor.close();
  return { result, toolCalls, agentId: `${workflowName}/${traceId}`, traceId };
}

/** The context_data each exported entry carries, in sequence order. */
async function loggedSteps(agentId: string): Promise<Record<string, unknown>[]> {
  const contexts: { sequence: number; context_data: Record<string, unknown> }[] = [];
  for await (const c of client.contexts.listAll({ agent_id: agentId, limit: 100 })) contexts.push(c as never);
  return contexts.sort((a, b) => a.sequence - b.sequence).map((c) => c.context_data);
}

it("a run with two tool calls becomes one agent log, in span order, that audits COMPLETE once anchored", async () => {
  const { result, toolCalls, agentId, traceId } = await tracedRun("checkout");
  expect(result.finalOutput).toBe(FINAL_ANSWER);
  expect(toolCalls).toEqual([
    { a: 1, b: 2 },
    { a: 3, b: 4 },
  ]);

  const steps = await loggedSteps(agentId);
  expect(steps.map((s) => `${s.kind}:${s.name}`)).toEqual([
    "llm:scripted-model",
    "tool:add",
    "chain:turn 1",
    "llm:scripted-model",
    "tool:add",
    "chain:turn 2",
    "llm:scripted-model",
    "chain:turn 3",
    "agent:Adder",
    "chain:Agent workflow", // the run's task span: run() names it so inside a trace of one's own
  ]);
  expect(steps.filter((s) => s.kind === "tool").map((s) => [s.input, s.output])).toEqual([
    ['{"a":1,"b":2}', "3"],
    ['{"a":3,"b":4}', "7"],
  ]);

  const contexts = await client.contexts.list({ agent_id: agentId, limit: 100 });
  expect(contexts.data[0]?.metadata).toMatchObject({
    trace_id: traceId,
    ctxlog_source: {
      name: "@ctxlog/openai-agents",
      library: expect.stringMatching(/^@openai\/agents-core@/),
    },
  });
  const lines = await stack.anchorAndExport(agentId);
  expect(lines).toHaveLength(10);
  const audit = await auditAgent(lines, { rpcUrl: chain.rpcUrl, toSequence: 10 });
  expect([audit.complete, audit.first_break]).toEqual([true, null]);
  expect(audit.summary).toMatch(new RegExp(`^COMPLETE: agent checkout/${traceId}, entries 1\\.\\.10`));

  // as a user runs it: npx ctxlog audit --api … --agent …
  const cli = await stack.auditWithCli(agentId);
  expect([cli.code, cli.stderr]).toEqual([0, ""]);
  expect(cli.stdout).toMatch(/COMPLETE: agent checkout\/trace_[0-9a-f]{32}, entries 1\.\.10/);
}, 120_000);

it("inputs and outputs off, and a redact hook, shape what the API stores", async () => {
  const { agentId: bare } = await tracedRun("bare", { recordInputs: false, recordOutputs: false });
  const bareSteps = await loggedSteps(bare);
  expect(bareSteps).toHaveLength(10);
  for (const s of bareSteps) {
    expect(s).not.toHaveProperty("input");
    expect(s).not.toHaveProperty("output");
  }
  expect(JSON.stringify(bareSteps)).not.toContain(FINAL_ANSWER);

  const { agentId: redacted } = await tracedRun("redacted", {
    redact: (data, step) =>
      step.kind === "llm" ? null : step.kind === "tool" ? { ...data, input: "[redacted]" } : data,
  });
  const steps = await loggedSteps(redacted);
  expect(steps.map((s) => s.kind)).toEqual(["tool", "chain", "tool", "chain", "chain", "agent", "chain"]);
  expect(steps.filter((s) => s.kind === "tool").map((s) => s.input)).toEqual(["[redacted]", "[redacted]"]);
});

it("ctxlog down (a closed port): the agent finishes as usual, nothing throws, each step reaches onFailure", async () => {
  const port = await freePort();
  const failures: CreateContextInput[] = [];
  const down = new CtxlogClient({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey: t.keys.full,
    maxRetries: 0,
  });
  const logger = new ContextLogger(down, { maxRetries: 0, onFailure: (context) => failures.push(context) });
  const processor = ctxlogProcessor({ logger });
  traceOnlyTo(processor);
  const toolCalls: unknown[] = [];
  const result = await run(twoToolCallAgent(toolCalls as never), "What are 1+2 and 3+4?");
  expect(result.finalOutput).toBe(FINAL_ANSWER);
  expect(toolCalls).toHaveLength(2);
  await expect(processor.shutdown()).resolves.toBeUndefined();
  expect(failures).toHaveLength(10);
  expect(failures.filter((c) => c.context_data.kind === "tool")).toHaveLength(2);
});
