// End to end (issue 41): `ctxlog-mcp-proxy -- <server>` as a client starts it (the built bin,
// npm run test:e2e builds first) in front of the real @modelcontextprotocol/server-everything,
// driven by the SDK's official Client; the contexts go to the real API (PostgreSQL, Redis) through
// the SDK's ContextLogger, are anchored on anvil, exported (GET /v1/agents/:id/export) and audited
// both by auditAgent and by `ctxlog audit`: complete. Then the HTTP mode in process with a redact
// hook, against the same API.
import { execFile, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@ctxlog/core/testing";
import { Diagnostics, startHttpProxy } from "@ctxlog/mcp-proxy";
import { auditAgent, CtxlogClient } from "@ctxlog/sdk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ChainFixture } from "../../../apps/api/src/testing/chain-fixture";
import type { Tenant, TestHarness } from "../../../apps/api/src/testing/harness";
import { type IntegrationStack, startIntegrationStack } from "./stack";

const root = path.resolve(__dirname, "../../..");
const PROXY_BIN = path.join(root, "packages/mcp-proxy/bin/ctxlog-mcp-proxy.js");
const CTXLOG_BIN = path.join(root, "packages/sdk/bin/ctxlog.js");
const SERVER_EVERYTHING = require.resolve("@modelcontextprotocol/server-everything/dist/index.js", {
  paths: [path.join(root, "packages/mcp-proxy")],
});
const CLIENT_NAME = "e2e-mcp-agent";

let stack: IntegrationStack;
let chain: ChainFixture;
let h: TestHarness;
let t: Tenant;
let baseUrl: string;

beforeAll(async () => {
  stack = await startIntegrationStack();
  ({ chain, h, tenant: t, baseUrl } = stack);
}, 120_000);
afterAll(() => stack?.close());

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

/** One MCP session of the agent through the proxy; resolves once the proxy has exited (drained). */
async function session(run: (client: Client) => Promise<void>): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [PROXY_BIN, "--", process.execPath, SERVER_EVERYTHING, "stdio"],
    env: {
      ...(process.env as Record<string, string>),
      CTXLOG_API_KEY: t.keys.full,
      CTXLOG_URL: baseUrl,
    },
    stderr: "ignore",
  });
  const client = new Client({ name: CLIENT_NAME, version: "1.0.0" });
  await client.connect(transport);
  try {
    await run(client);
  } finally {
    await client.close();
  }
}

const rows = (agentId: string) =>
  h.db.context.findMany({ where: { userId: t.userId, agentId }, orderBy: { sequence: "asc" } });

it("two sessions of one client through the proxy: one agent log, every call in it, anchored, audited complete", async () => {
  await session(async (client) => {
    expect(textOf(await client.callTool({ name: "echo", arguments: { message: "first" } }))).toBe(
      "Echo: first",
    );
    expect(textOf(await client.callTool({ name: "get-sum", arguments: { a: 5, b: 7 } }))).toBe(
      "The sum of 5 and 7 is 12.",
    );
    expect((await client.callTool({ name: "no-such-tool", arguments: {} })).isError).toBe(true);
  });
  // a second session of the same client continues the same log
  await session(async (client) => {
    expect(textOf(await client.callTool({ name: "echo", arguments: { message: "second" } }))).toBe(
      "Echo: second",
    );
  });

  const ctxlog = new CtxlogClient({ baseUrl, apiKey: t.keys.read_only });
  const listed = (await ctxlog.contexts.list({ agent_id: CLIENT_NAME, limit: 100 })).data;
  expect(listed).toHaveLength(4);
  const logged = await rows(CLIENT_NAME);
  expect(logged.map((r) => r.sequence)).toEqual([1, 2, 3, 4]);
  const contexts = await Promise.all(logged.map((r) => ctxlog.contexts.get(r.id)));
  expect(contexts.map((c) => (c.context_data as { name: string }).name)).toEqual([
    "echo",
    "get-sum",
    "no-such-tool",
    "echo",
  ]);
  expect(contexts[1]?.context_data).toMatchObject({
    kind: "tool",
    input: { a: 5, b: 7 },
    output: { content: [{ type: "text", text: "The sum of 5 and 7 is 12." }] },
  });
  expect(contexts[2]?.context_data).toMatchObject({ error: { is_error: true } });
  const sessions = contexts.map((c) => c.metadata?.mcp_session_id);
  expect(sessions[0]).toBe(sessions[2]);
  expect(sessions[3]).not.toBe(sessions[0]);
  expect(contexts[0]?.metadata).toMatchObject({
    transport: "stdio",
    request_id: expect.any(Number),
    client: { name: CLIENT_NAME, version: "1.0.0" },
    ctxlog_source: {
      name: "@ctxlog/mcp-proxy",
      library: expect.stringMatching(/^@modelcontextprotocol\/sdk@/),
    },
  });

  const lines = await stack.anchorAndExport(CLIENT_NAME);
  expect(lines).toHaveLength(4);
  const result = await auditAgent(lines, { rpcUrl: chain.rpcUrl, toSequence: 4 });
  expect(result.first_break).toBeNull();
  expect(result).toMatchObject({ complete: true, entries: 4, first_sequence: 1, last_sequence: 4 });

  // and as a user runs it: `ctxlog audit <export> --rpc-url …`
  const file = path.join(tmpdir(), `mcp-proxy-export-${process.pid}.ndjson`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  const cli = await new Promise<{ code: number; stdout: string }>((resolve) =>
    execFile(
      process.execPath,
      [CTXLOG_BIN, "audit", file, "--rpc-url", chain.rpcUrl],
      { env: { ...process.env, CTXLOG_SDK_FROM_SOURCE: "1" }, timeout: 60_000 },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    ),
  );
  expect(cli.stdout).toMatch(/^COMPLETE: agent e2e-mcp-agent, entries 1\.\.4/m);
  expect(cli.code).toBe(0);
}, 120_000);

it("HTTP mode in process with a redact hook: the arguments redacted, a step dropped, the rest as the server said", async () => {
  const PORT = await freePort();
  const server = spawn(process.execPath, [SERVER_EVERYTHING, "streamableHttp"], {
    env: { ...process.env, PORT: String(PORT) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let seen = "";
      server.stderr?.on("data", (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes("listening on port")) resolve();
      });
      server.once("exit", (code) => reject(new Error(`server-everything exited (${code}): ${seen}`)));
    });
    const proxy = await startHttpProxy({
      upstream: `http://127.0.0.1:${PORT}/mcp`,
      client: new CtxlogClient({ baseUrl, apiKey: t.keys.full }),
      agentId: (s) => `http-${s.clientName}`,
      redact: (data, step) =>
        step.name === "get-sum" ? null : { ...data, input: { message: "[redacted]" } },
      diagnostics: new Diagnostics(() => undefined),
    });
    const client = new Client({ name: "redacting", version: "1" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(proxy.url)));
      expect(textOf(await client.callTool({ name: "echo", arguments: { message: "card 4242" } }))).toBe(
        "Echo: card 4242",
      );
      await client.callTool({ name: "get-sum", arguments: { a: 1, b: 2 } });
    } finally {
      await client.close();
      await proxy.close();
    }
    const logged = await rows("http-redacting");
    expect(logged).toHaveLength(1);
    const ctxlog = new CtxlogClient({ baseUrl, apiKey: t.keys.read_only });
    const [context] = await Promise.all(logged.map((r) => ctxlog.contexts.get(r.id)));
    expect(context?.context_data).toMatchObject({
      name: "echo",
      input: { message: "[redacted]" },
      output: { content: [{ text: "Echo: card 4242" }] },
    });
    expect(context?.metadata).toMatchObject({
      transport: "streamable-http",
      mcp_session_id: expect.any(String),
    });
  } finally {
    server.kill();
  }
}, 60_000);
