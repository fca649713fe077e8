// Issue 41, the Vercel AI SDK: a real generateText (ai 7, `ai/test`'s MockLanguageModelV4 calling a
// tool twice, then answering) in a child process (vercel-ai-agent.mjs: ai is ESM only), its spans
// exported by @ai-sdk/otel and the standard OTLP exporter to the real API (PostgreSQL, Redis) on a
// loopback port. Then: one context per span under the agent its functionId names, the model and
// tokens of the trace, the tool calls; the log anchored on anvil, exported and audited COMPLETE by
// the SDK. Also: the deprecated experimental_telemetry with LegacyOpenTelemetry (ai.* spans), the
// AI SDK's recordInputs/recordOutputs off, and ctxlog down (the agent still answers).
import { execFile } from "node:child_process";
import path from "node:path";
import { freePort } from "@ctxlog/core/testing";
import { auditAgent } from "@ctxlog/sdk";
import type { ChainFixture } from "../../../apps/api/src/testing/chain-fixture";
import { bearer, type Tenant, type TestHarness } from "../../../apps/api/src/testing/harness";
import { type IntegrationStack, startIntegrationStack } from "./stack";

jest.setTimeout(120_000);

const AGENT_SCRIPT = path.join(__dirname, "vercel-ai-agent.mjs");
const SERVICE = "weather-app";
const ANSWER = "Paris 18 °C, Rome 24 °C.";

let stack: IntegrationStack;
let chain: ChainFixture;
let h: TestHarness;
let base: string;

beforeAll(async () => {
  stack = await startIntegrationStack({ confirmations: 3 });
  ({ chain, h, origin: base } = stack);
});
afterAll(() => stack?.close());

interface AgentRun {
  text: string;
  tool_results: unknown[];
  trace_ids: string[];
  export_error: string | null;
}

/** Runs the agent with the OTEL_* variables docs/opentelemetry.md gives, pointed at `endpoint`. */
function runAgent(key: string, knobs: Record<string, string> = {}, endpoint = `${base}/v1/otel`) {
  const env = {
    PATH: process.env.PATH ?? "",
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer%20${key}`,
    OTEL_SERVICE_NAME: SERVICE,
    ...knobs,
  };
  return new Promise<AgentRun>((resolve, reject) => {
    execFile(process.execPath, [AGENT_SCRIPT], { env, timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`agent failed: ${stderr}`)) : resolve(JSON.parse(stdout) as AgentRun),
    );
  });
}

interface StoredSpan {
  context_id: string;
  agent_id: string;
  context_data: { name: string; parent_span_id: string; attributes: Record<string, unknown> };
  metadata: { trace_id: string; span_id: string };
}

/** A trace's contexts through GET /v1/contexts?trace_id=, oldest first. */
async function traceContexts(t: Tenant, traceId: string): Promise<StoredSpan[]> {
  const res = await h.request.get(`/v1/contexts?trace_id=${traceId}&limit=100`).set(bearer(t.keys.read_only));
  expect(res.status).toBe(200);
  return (res.body.data as StoredSpan[]).reverse();
}

const names = (spans: StoredSpan[]) => spans.map((s) => s.context_data.name).sort();
const attributeKeys = (spans: StoredSpan[]) =>
  new Set(spans.flatMap((s) => Object.keys(s.context_data.attributes)));

async function agentTraces(t: Tenant, agentId: string) {
  const res = await h.request
    .get(`/v1/agents/${encodeURIComponent(agentId)}/traces`)
    .set(bearer(t.keys.read_only));
  expect(res.status).toBe(200);
  return res.body.data as {
    trace_id: string;
    models: string[];
    input_tokens: number;
    output_tokens: number;
  }[];
}

/** Anchors the contexts on anvil, exports the agent's log and audits it with the SDK. */
async function anchorAndAudit(t: Tenant, agentId: string, contextIds: string[]) {
  await chain.anchorContexts(h.db, contextIds);
  const exported = await h.request
    .get(`/v1/agents/${encodeURIComponent(agentId)}/export`)
    .set(bearer(t.keys.read_only));
  expect(exported.status).toBe(200);
  const lines = exported.text.split("\n").filter(Boolean);
  return auditAgent(lines, { rpcUrl: chain.rpcUrl });
}

it("telemetry: { functionId } with @ai-sdk/otel's OpenTelemetry: one context per span, one agent log, anchored, audited COMPLETE", async () => {
  const t = stack.tenant;
  const run = await runAgent(t.keys.full);
  expect(run).toMatchObject({ text: ANSWER, export_error: null });
  expect(run.tool_results).toEqual([
    { city: "Paris", celsius: 18 },
    { city: "Rome", celsius: 24 },
  ]);
  expect(run.trace_ids).toHaveLength(1);
  const traceId = run.trace_ids[0] as string;

  const spans = await traceContexts(t, traceId);
  expect(names(spans)).toEqual([
    "chat mock-model",
    "chat mock-model",
    "chat mock-model",
    "execute_tool weather",
    "execute_tool weather",
    "invoke_agent mock-model",
    "step 1",
    "step 2",
    "step 3",
  ]);
  // the root names the agent (gen_ai.agent.name = functionId); its children inherit it
  expect(new Set(spans.map((s) => s.agent_id))).toEqual(new Set([`${SERVICE}/planner`]));
  const root = spans.find((s) => s.context_data.parent_span_id === "");
  expect(root?.context_data.attributes).toMatchObject({
    "gen_ai.agent.name": "planner",
    "gen_ai.usage.input_tokens": "60",
    "gen_ai.usage.output_tokens": "12",
  });
  const tools = spans.filter((s) => s.context_data.name === "execute_tool weather");
  expect(tools.map((s) => s.context_data.attributes["gen_ai.tool.call.arguments"]).sort()).toEqual([
    JSON.stringify({ city: "Paris" }),
    JSON.stringify({ city: "Rome" }),
  ]);
  expect(tools.map((s) => s.context_data.attributes["gen_ai.tool.call.result"]).sort()).toEqual([
    JSON.stringify({ city: "Paris", celsius: 18 }),
    JSON.stringify({ city: "Rome", celsius: 24 }),
  ]);
  expect([...attributeKeys(spans)]).toEqual(
    expect.arrayContaining(["gen_ai.input.messages", "gen_ai.output.messages"]),
  );

  // the three model calls counted once each, not again through the invoke_agent root
  expect(await agentTraces(t, `${SERVICE}/planner`)).toEqual([
    expect.objectContaining({
      trace_id: traceId,
      models: ["mock-model"],
      input_tokens: 60,
      output_tokens: 12,
    }),
  ]);

  const audit = await anchorAndAudit(
    t,
    `${SERVICE}/planner`,
    spans.map((s) => s.context_id),
  );
  expect(audit.first_break).toBeNull();
  expect(audit).toMatchObject({ complete: true, entries: 9, first_sequence: 1, last_sequence: 9 });
  expect(audit.summary).toMatch(/^COMPLETE: agent weather-app\/planner, entries 1\.\.9/);
  // as a user runs it: npx ctxlog audit --api … --agent …
  const cli = await stack.auditWithCli(`${SERVICE}/planner`);
  expect([cli.code, cli.stderr]).toEqual([0, ""]);
  expect(cli.stdout).toMatch(/^COMPLETE: agent weather-app\/planner, entries 1\.\.9/m);
});

it("experimental_telemetry: { isEnabled: true, functionId } with LegacyOpenTelemetry: ai.* spans filed under ai.telemetry.functionId", async () => {
  const t = await h.tenant();
  const run = await runAgent(t.keys.full, {
    VAI_INTEGRATION: "legacy",
    VAI_OPTION: "experimental_telemetry",
    VAI_FUNCTION_ID: "legacy-planner",
  });
  expect(run).toMatchObject({ text: ANSWER, export_error: null });
  const traceId = run.trace_ids[0] as string;
  const spans = await traceContexts(t, traceId);
  expect(names(spans)).toEqual([
    "ai.generateText",
    "ai.generateText.doGenerate",
    "ai.generateText.doGenerate",
    "ai.generateText.doGenerate",
    "ai.toolCall",
    "ai.toolCall",
  ]);
  // no span carries gen_ai.agent.name here: the functionId each span carries names the agent
  expect(new Set(spans.map((s) => s.agent_id))).toEqual(new Set([`${SERVICE}/legacy-planner`]));
  expect([...attributeKeys(spans)]).not.toContain("gen_ai.agent.name");
  const calls = spans
    .filter((s) => s.context_data.name === "ai.toolCall")
    .map((s) => s.context_data.attributes);
  expect(
    calls.map((a) => [a["ai.toolCall.name"], a["ai.toolCall.args"], a["ai.toolCall.result"]]).sort(),
  ).toEqual([
    ["weather", JSON.stringify({ city: "Paris" }), JSON.stringify({ city: "Paris", celsius: 18 })],
    ["weather", JSON.stringify({ city: "Rome" }), JSON.stringify({ city: "Rome", celsius: 24 })],
  ]);
  const root = spans.find((s) => s.context_data.name === "ai.generateText");
  expect(root?.context_data.attributes).toMatchObject({
    "ai.telemetry.functionId": "legacy-planner",
    "ai.response.text": ANSWER,
  });
  expect(await agentTraces(t, `${SERVICE}/legacy-planner`)).toEqual([
    expect.objectContaining({
      trace_id: traceId,
      models: ["mock-model"],
      input_tokens: 60,
      output_tokens: 12,
    }),
  ]);
  const audit = await anchorAndAudit(
    t,
    `${SERVICE}/legacy-planner`,
    spans.map((s) => s.context_id),
  );
  expect(audit).toMatchObject({ complete: true, entries: 6, first_break: null });
});

it("recordInputs and recordOutputs off: no prompt, output, tool argument or result is stored", async () => {
  const t = await h.tenant();
  for (const integration of ["otel", "legacy"]) {
    const run = await runAgent(t.keys.full, {
      VAI_INTEGRATION: integration,
      VAI_RECORD: "off",
      VAI_FUNCTION_ID: `quiet-${integration}`,
    });
    expect(run).toMatchObject({ text: ANSWER, export_error: null });
    const spans = await traceContexts(t, run.trace_ids[0] as string);
    expect(spans.length).toBe(integration === "otel" ? 9 : 6);
    expect(new Set(spans.map((s) => s.agent_id))).toEqual(new Set([`${SERVICE}/quiet-${integration}`]));
    const stored = JSON.stringify(spans.map((s) => s.context_data));
    for (const secret of ["Paris", "Rome", "What is the weather", "celsius"])
      expect(stored).not.toContain(secret);
    // what is left: the model, tokens and the tool's name
    expect(stored).toContain("mock-model");
    expect(stored).toContain("weather");
  }
});

it("ctxlog unreachable: the agent answers all the same, and only the exporter reports the failure", async () => {
  const t = await h.tenant();
  // a port nothing listens on
  const port = await freePort();
  const run = await runAgent(
    t.keys.full,
    { OTEL_EXPORTER_OTLP_TIMEOUT: "2000" },
    `http://127.0.0.1:${port}/v1/otel`,
  );
  expect(run.text).toBe(ANSWER);
  expect(run.tool_results).toHaveLength(2);
  expect(run.export_error).toMatch(/ECONNREFUSED|timeout/i);
  expect(await traceContexts(t, run.trace_ids[0] as string)).toEqual([]);
});
