// HTTP mode: the real server-everything on streamable HTTP (a process of its own on a free port),
// the proxy in process in front of it, the SDK's official Client on the proxy's URL; ctxlog is a
// loopback HTTP server taking the ContextLogger's batches.
import { type ChildProcess, spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type CallToolResult, CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Diagnostics } from "./diagnostics";
import { type RunningHttpProxy, startHttpProxy } from "./http-proxy";
import { type ContextCapture, closedPort, startContextCapture } from "./testing/context-capture";
import { proxyCommand, SERVER_EVERYTHING } from "./testing/proxy-from-source";

let capture: ContextCapture;
let server: ChildProcess;
let upstream: string;
let proxy: RunningHttpProxy;
const diagnosticLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  capture = await startContextCapture();
  const port = await closedPort();
  server = spawn(process.execPath, [SERVER_EVERYTHING, "streamableHttp"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    server.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes("listening on port")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`server-everything exited (${code}): ${seen}`)));
  });
  upstream = `http://127.0.0.1:${port}/mcp`;
  proxy = await startHttpProxy({
    upstream,
    apiKey: "sk_test_mcp",
    baseUrl: capture.baseUrl,
    diagnostics: new Diagnostics((line) => diagnosticLines.push(JSON.parse(line))),
  });
});
afterAll(async () => {
  await proxy?.close();
  server?.kill();
  await capture?.close();
});

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

it("a client on the proxy's URL talks to server-everything: two calls, a failing one, sampling over SSE; each call logged under its Mcp-Session-Id", async () => {
  capture.contexts.length = 0;
  // a proxy of its own: closing it drains its logger before the contexts are looked at
  const own = await startHttpProxy({
    upstream,
    apiKey: "sk_test_mcp",
    baseUrl: capture.baseUrl,
    diagnostics: new Diagnostics((line) => diagnosticLines.push(JSON.parse(line))),
  });
  expect(own.url).toBe(`http://127.0.0.1:${own.port}/mcp`);
  const transport = new StreamableHTTPClientTransport(new URL(own.url));
  const client = new Client({ name: "http-client", version: "0.0.1" }, { capabilities: { sampling: {} } });
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({
    role: "assistant",
    model: "fake-model",
    content: { type: "text", text: "sampled over http" },
  }));
  try {
    await client.connect(transport);
    expect(transport.sessionId).toEqual(expect.any(String));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["echo", "get-sum", "trigger-sampling-request"]),
    );
    expect(textOf(await client.callTool({ name: "echo", arguments: { message: "via http" } }))).toBe(
      "Echo: via http",
    );
    expect(textOf(await client.callTool({ name: "get-sum", arguments: { a: 20, b: 22 } }))).toBe(
      "The sum of 20 and 22 is 42.",
    );
    expect((await client.callTool({ name: "no-such-tool", arguments: {} })).isError).toBe(true);
    expect(
      textOf(await client.callTool({ name: "trigger-sampling-request", arguments: { prompt: "p" } })),
    ).toContain("sampled over http");
    const sessionId = transport.sessionId;
    await transport.terminateSession();
    await client.close();
    await own.close();

    expect(capture.contexts.map((c) => (c.context_data as { name: string }).name)).toEqual([
      "echo",
      "get-sum",
      "no-such-tool",
      "trigger-sampling-request",
    ]);
    for (const c of capture.contexts) {
      expect(c.agent_id).toBe("http-client");
      expect(c.metadata).toMatchObject({
        mcp_session_id: sessionId,
        transport: "streamable-http",
        request_id: expect.any(Number),
        server: { name: "mcp-servers/everything" },
      });
    }
    expect(capture.contexts[1]?.context_data).toMatchObject({
      kind: "tool",
      input: { a: 20, b: 22 },
      output: { content: [{ text: "The sum of 20 and 22 is 42." }] },
    });
    expect(capture.contexts[2]?.context_data).toMatchObject({ error: { is_error: true } });
  } finally {
    await client.close();
    await own.close();
  }
});

it("the server's refusals come back as the server sent them: status, headers and body", async () => {
  const request = {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" }),
  };
  const direct = await fetch(upstream, request);
  const proxied = await fetch(proxy.url, request);
  expect(proxied.status).toBe(direct.status);
  expect(proxied.status).toBe(400);
  expect(proxied.headers.get("content-type")).toBe(direct.headers.get("content-type"));
  expect(Buffer.from(await proxied.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
});

it("an upstream that does not answer: 502 from the proxy, and it keeps serving", async () => {
  const lines: Record<string, unknown>[] = [];
  const down = await startHttpProxy({
    upstream: `http://127.0.0.1:${await closedPort()}/mcp`,
    diagnostics: new Diagnostics((line) => lines.push(JSON.parse(line))),
  });
  try {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(down.url, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(502);
      expect(await res.text()).toMatch(/did not answer/);
    }
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        "no CTXLOG_API_KEY: forwarding only, nothing is logged",
        "the upstream server",
      ]),
    );
  } finally {
    await down.close();
  }
});

it("the CLI's HTTP mode: --http and --listen, the URL said on stderr, SIGTERM ends it with 0", async () => {
  const { command, args } = proxyCommand(["--http", upstream, "--listen", "0"]);
  const child = spawn(command, args, {
    env: { ...process.env, CTXLOG_API_KEY: "sk_test_mcp", CTXLOG_URL: capture.baseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout?.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  const ended = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let seen = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        seen += chunk.toString();
        const listening = seen.split("\n").find((l) => l.includes('"msg":"listening"'));
        if (listening) resolve((JSON.parse(listening) as { url: string }).url);
      });
      child.once("exit", (code) => reject(new Error(`exited (${code}): ${seen}`)));
    });
    const client = new Client({ name: "cli-http-client", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    capture.contexts.length = 0;
    expect(textOf(await client.callTool({ name: "echo", arguments: { message: "cli" } }))).toBe("Echo: cli");
    await client.close();
  } finally {
    child.kill("SIGTERM");
  }
  expect(await ended).toBe(0);
  expect(stdout).toBe("");
  expect(capture.contexts.map((c) => [c.agent_id, (c.context_data as { name: string }).name])).toEqual([
    ["cli-http-client", "echo"],
  ]);
});
