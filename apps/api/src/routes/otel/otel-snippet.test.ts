// docs/opentelemetry.md's Node snippet is examples/otel/node-tracing.mjs: this runs that file as
// written, in a process whose environment holds only the OTEL_* variables the page gives (pointed
// at the real API on loopback, real PostgreSQL and Redis, with a real key), and checks that its
// spans landed under the agent those variables name. It also checks that the page holds the file.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { readContexts } from "@ctxlog/db/testing";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

const ROOT = path.join(__dirname, "..", "..", "..", "..", "..");
const SNIPPET = path.join(ROOT, "examples", "otel", "node-tracing.mjs");
const DOC = readFileSync(path.join(ROOT, "docs", "opentelemetry.md"), "utf8");

let h: TestHarness;
let server: Server;
let base: string;
beforeAll(async () => {
  h = await createTestHarness();
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

/** The `export NAME=value` lines of the page's first sh block, comments and quotes removed. */
function documentedVariables(): Record<string, string> {
  const block = /```sh\n([\s\S]*?)```/.exec(DOC)?.[1] ?? "";
  const vars: Record<string, string> = {};
  for (const line of block.split("\n")) {
    const match = /^export (\w+)=("[^"]*"|\S+)/.exec(line);
    if (match?.[1] && match[2]) vars[match[1]] = match[2].replace(/^"|"$/g, "");
  }
  return vars;
}

/** The page's variables for this API and key: its example host and key replaced, nothing else. */
function variablesFor(key: string): Record<string, string> {
  const vars = documentedVariables();
  const replaced = Object.entries(vars).map(([name, value]) => [
    name,
    value.replace("https://ctxlog.example.com", base).replace("sk_...", key),
  ]);
  return Object.fromEntries(replaced);
}

function runSnippet(env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [SNIPPET],
      { env: { PATH: process.env.PATH ?? "", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`snippet failed: ${stderr}`)) : resolve(stdout)),
    );
  });
}

async function spansOf(t: Tenant, traceId: string) {
  const spans = await h.db.otelSpan.findMany({ where: { userId: t.userId, traceId } });
  const rows = await readContexts(
    h.db,
    spans.map((s) => s.contextId),
  );
  return rows.map((r) => [(r.contextData as { name: string }).name, r.agentId]).sort();
}

const traceIdOf = (stdout: string) => /trace ([0-9a-f]{32}) exported/.exec(stdout)?.[1] ?? "";

describe("the Node snippet of docs/opentelemetry.md", () => {
  it("is the page's text of examples/otel/node-tracing.mjs", () => {
    expect(DOC).toContain(`\`\`\`js\n${readFileSync(SNIPPET, "utf8")}\`\`\``);
    expect(Object.keys(documentedVariables())).toEqual([
      "OTEL_EXPORTER_OTLP_ENDPOINT",
      "OTEL_EXPORTER_OTLP_PROTOCOL",
      "OTEL_EXPORTER_OTLP_HEADERS",
      "OTEL_EXPORTER_OTLP_COMPRESSION",
      "OTEL_SERVICE_NAME",
      "OTEL_RESOURCE_ATTRIBUTES",
    ]);
  });

  it("run as written with the page's variables, files its spans under ctxlog.agent_id", async () => {
    const t = await h.tenant();
    const traceId = traceIdOf(await runSnippet(variablesFor(t.keys.full)));
    expect(await spansOf(t, traceId)).toEqual([
      ["chat gpt-4o", "support-bot-prod"],
      ["invoke_agent travel-planner", "support-bot-prod"],
    ]);
    const traces = await h.request.get("/v1/agents/support-bot-prod/traces").set(bearer(t.keys.read_only));
    expect(traces.body.data).toEqual([
      expect.objectContaining({
        trace_id: traceId,
        models: ["gpt-4o"],
        input_tokens: 120,
        output_tokens: 30,
      }),
    ]);
  });

  it("without the optional OTEL_RESOURCE_ATTRIBUTES, files the run under service.name/gen_ai.agent.name", async () => {
    const t = await h.tenant();
    const { OTEL_RESOURCE_ATTRIBUTES: _optional, ...env } = variablesFor(t.keys.full);
    const traceId = traceIdOf(await runSnippet(env));
    expect(await spansOf(t, traceId)).toEqual([
      ["chat gpt-4o", "support-bot/travel-planner"],
      ["invoke_agent travel-planner", "support-bot/travel-planner"],
    ]);
  });
});
