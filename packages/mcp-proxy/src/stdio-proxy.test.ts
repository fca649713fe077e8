// The proxy as a client runs it: a process of its own (from source) in front of the real
// @modelcontextprotocol/server-everything on stdio, driven by the SDK's official Client; ctxlog is
// a loopback HTTP server taking the ContextLogger's batches (the e2e test uses the real API).
import { type ChildProcess, spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  type CallToolResult,
  CreateMessageRequestSchema,
  ListRootsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { type ContextCapture, closedPort, startContextCapture } from "./testing/context-capture";
import { proxiedServerEverything, proxyCommand, SERVER_EVERYTHING } from "./testing/proxy-from-source";

let capture: ContextCapture;
beforeAll(async () => {
  capture = await startContextCapture();
});
afterAll(() => capture.close());
// a failed expectation must not leave a proxy (and its server) running: jest would wait on them
const clients: Client[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill();
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

function ctxlogEnv(baseUrl: string): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    CTXLOG_API_KEY: "sk_test_mcp",
    CTXLOG_URL: baseUrl,
  };
}

async function connect(proxyArgs: string[], env: Record<string, string>, name = "proxy-test-client") {
  const stderr: string[] = [];
  const transport = new StdioClientTransport({ ...proxiedServerEverything(proxyArgs), env, stderr: "pipe" });
  transport.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const client = new Client(
    { name, version: "3.1.4" },
    { capabilities: { sampling: {}, roots: { listChanged: true } } },
  );
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({
    role: "assistant",
    model: "fake-model",
    content: { type: "text", text: "sampled by the client" },
  }));
  client.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: [{ uri: "file:///work/project", name: "project" }],
  }));
  clients.push(client);
  await client.connect(transport);
  return { client, stderr: () => stderr.join("") };
}

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

/** Runs the proxy as a plain child, its stdin/stdout ours, to look at the bytes. */
function spawnProxy(args: string[], env: Record<string, string> = process.env as Record<string, string>) {
  const { command, args: argv } = proxyCommand(args);
  const child = spawn(command, argv, { env, stdio: ["pipe", "pipe", "pipe"] });
  children.push(child);
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (c: Buffer) => out.push(c));
  child.stderr.on("data", (c: Buffer) => err.push(c));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal })),
  );
  return {
    child: child as ChildProcess,
    ended,
    stdout: () => Buffer.concat(out),
    stderrLines: () =>
      Buffer.concat(err)
        .toString()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

it("a client sees server-everything itself: tools, two calls, a failing one, progress, sampling and roots; each call is logged", async () => {
  capture.contexts.length = 0;
  const { client, stderr } = await connect([], ctxlogEnv(capture.baseUrl));
  expect(client.getServerVersion()).toMatchObject({ name: "mcp-servers/everything" });
  const { tools } = await client.listTools();
  // the tools it offers only to clients that can sample or list roots: the capabilities got through
  expect(tools.map((t) => t.name)).toEqual(
    expect.arrayContaining(["echo", "get-sum", "trigger-sampling-request", "get-roots-list"]),
  );

  expect(textOf(await client.callTool({ name: "echo", arguments: { message: "hello" } }))).toBe(
    "Echo: hello",
  );
  expect(textOf(await client.callTool({ name: "get-sum", arguments: { a: 2, b: 40 } }))).toBe(
    "The sum of 2 and 40 is 42.",
  );
  const missing = await client.callTool({ name: "no-such-tool", arguments: {} });
  expect(missing.isError).toBe(true);
  // the server asks the client (sampling/createMessage) in the middle of a call, through the proxy
  expect(
    textOf(await client.callTool({ name: "trigger-sampling-request", arguments: { prompt: "hi" } })),
  ).toContain("sampled by the client");
  expect(textOf(await client.callTool({ name: "get-roots-list", arguments: {} }))).toContain(
    "file:///work/project",
  );
  const progress: number[] = [];
  await client.callTool(
    { name: "trigger-long-running-operation", arguments: { duration: 1, steps: 5 } },
    undefined,
    { onprogress: (p) => progress.push(p.progress) },
  );
  // the SDK's client reports what came before the answer. The server writes each step's
  // notification ahead of its answer, yet one that comes just ahead of it can go unreported when
  // callTool returns: the second of two 0.1 s steps routinely was, and a loaded CI run saw
  // neither. The first of five 0.2 s steps comes 0.8 s before the answer.
  expect(progress[0]).toBe(1);
  await client.close();

  const logged = capture.contexts.map((c) => c.context_data as Record<string, unknown>);
  expect(logged.map((d) => d.name)).toEqual([
    "echo",
    "get-sum",
    "no-such-tool",
    "trigger-sampling-request",
    "get-roots-list",
    "trigger-long-running-operation",
  ]);
  expect(logged[0]).toMatchObject({
    kind: "tool",
    input: { message: "hello" },
    output: { content: [{ type: "text", text: "Echo: hello" }] },
  });
  expect(logged[2]).toMatchObject({
    error: { is_error: true, message: expect.stringContaining("no-such-tool") },
  });
  for (const d of logged) {
    expect(d.duration_ms).toEqual(expect.any(Number));
    expect(Date.parse(d.ended_at as string)).toBeGreaterThanOrEqual(Date.parse(d.started_at as string));
  }
  const sessionIds = new Set(capture.contexts.map((c) => c.metadata?.mcp_session_id));
  expect(sessionIds.size).toBe(1);
  expect(new Set(capture.contexts.map((c) => c.agent_id))).toEqual(new Set(["proxy-test-client"]));
  const requestIds = capture.contexts.map((c) => c.metadata?.request_id);
  expect(new Set(requestIds).size).toBe(6);
  for (const id of requestIds) expect(typeof id).toBe("number");
  expect(capture.contexts[0]?.metadata).toMatchObject({
    transport: "stdio",
    client: { name: "proxy-test-client", version: "3.1.4" },
    server: { name: "mcp-servers/everything" },
    ctxlog_source: { name: "@ctxlog/mcp-proxy" },
  });
  // the server's own stderr is the proxy's: its line came through
  expect(stderr()).toContain("Starting default (STDIO) server...");
});

it("--no-inputs, --no-outputs, --agent-id and --salt", async () => {
  capture.contexts.length = 0;
  const { client } = await connect(
    ["--no-inputs", "--no-outputs", "--agent-id", "ops-bot", "--salt"],
    ctxlogEnv(capture.baseUrl),
  );
  await client.callTool({ name: "echo", arguments: { message: "secret" } });
  await client.close();
  expect(capture.contexts).toHaveLength(1);
  const [context] = capture.contexts;
  expect(context?.agent_id).toBe("ops-bot");
  expect(context?.context_data).not.toHaveProperty("input");
  expect(context?.context_data).not.toHaveProperty("output");
  expect(JSON.stringify(context)).not.toContain("secret");
  expect(context?.metadata?.ctxlog_salt).toMatch(/^0x[0-9a-f]{64}$/);
});

it("forwards bytes as they are, both ways, and writes none of its own on stdout", async () => {
  // a "server" that answers with what it is sent: what comes out is what went in, twice through the proxy
  const proxy = spawnProxy(["--", process.execPath, "-e", "process.stdin.pipe(process.stdout)"]);
  const sent = Buffer.from(
    [
      '{ "jsonrpc" : "2.0", "id": 1, "method": "tools/call", "params": {"name":"x","arguments":{"s":"\\u00e9 é"}} }\r\n',
      "not json at all\n",
      '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"ü"}}\n',
      '{"partial":',
    ].join(""),
    "utf8",
  );
  proxy.child.stdin?.end(sent);
  const end = await proxy.ended;
  expect(end).toEqual({ code: 0, signal: null });
  expect(proxy.stdout().equals(sent)).toBe(true);
  // no API key: it said so once, and forwarded anyway
  expect(proxy.stderrLines().map((l) => l.msg)).toContain(
    "no CTXLOG_API_KEY: forwarding only, nothing is logged",
  );
});

it("server-everything's bytes through the proxy are the bytes it writes to a client directly", async () => {
  const exchange = [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "tools/list" },
    { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "echo", arguments: { message: "m" } } },
    { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "no-such-tool" } },
  ].map((m) => `${JSON.stringify(m)}\n`);
  /** Sends the exchange, ends stdin once the last answer is in, resolves with all of stdout. */
  const talk = async (child: ChildProcess): Promise<Buffer> => {
    const out: Buffer[] = [];
    const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
    child.stdout?.on("data", (c: Buffer) => {
      out.push(c);
      if (Buffer.concat(out).includes('"id":4')) child.stdin?.end();
    });
    for (const line of exchange) child.stdin?.write(line);
    await closed;
    return Buffer.concat(out);
  };
  const direct = spawn(process.execPath, [SERVER_EVERYTHING, "stdio"], { stdio: ["pipe", "pipe", "ignore"] });
  children.push(direct);
  const viaServer = await talk(direct);
  const { command, args } = proxiedServerEverything();
  const proxied = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"] });
  children.push(proxied);
  const viaProxy = await talk(proxied);
  expect(viaServer.length).toBeGreaterThan(1000);
  expect(viaProxy.equals(viaServer)).toBe(true);
});

it("exits with the server's exit code, or by the server's signal", async () => {
  const code = spawnProxy(["--", process.execPath, "-e", "process.exit(7)"]);
  code.child.stdin?.end();
  expect(await code.ended).toEqual({ code: 7, signal: null });

  const killed = spawnProxy(["--", process.execPath, "-e", "process.kill(process.pid, 'SIGTERM')"]);
  expect(await killed.ended).toEqual({ code: null, signal: "SIGTERM" });

  const missing = spawnProxy(["--", "/nonexistent/mcp-server"]);
  expect((await missing.ended).code).toBe(127);
  expect(missing.stderrLines()).toContainEqual(
    expect.objectContaining({ level: "error", msg: "the server could not be started" }),
  );
});

it("passes SIGTERM on to the server and ends as it does", async () => {
  const proxy = spawnProxy([
    "--",
    process.execPath,
    "-e",
    "setInterval(() => {}, 1000); process.stdout.write('up\\n')",
  ]);
  await new Promise<void>((resolve) => proxy.child.stdout?.once("data", () => resolve()));
  proxy.child.kill("SIGTERM");
  expect(await proxy.ended).toEqual({ code: null, signal: "SIGTERM" });
});

it("ctxlog down: the client's calls go through untouched, and each context is written out on stderr", async () => {
  const port = await closedPort();
  const { client, stderr } = await connect(
    ["--drain-timeout-ms", "200"],
    ctxlogEnv(`http://127.0.0.1:${port}/v1`),
    "down-client",
  );
  expect(textOf(await client.callTool({ name: "echo", arguments: { message: "one" } }))).toBe("Echo: one");
  expect(textOf(await client.callTool({ name: "get-sum", arguments: { a: 1, b: 1 } }))).toBe(
    "The sum of 1 and 1 is 2.",
  );
  await client.close();
  const lines = stderr()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map(
      (l) => JSON.parse(l) as { msg: string; context?: { agent_id: string; context_data: { name: string } } },
    );
  const kept = lines.filter((l) => l.msg === "context_not_logged").map((l) => l.context?.context_data.name);
  expect(kept.sort()).toEqual(["echo", "get-sum"]);
  expect(lines.find((l) => l.msg === "context_not_logged")?.context?.agent_id).toBe("down-client");
});

it("ctxlog down and a long drain: the client's SIGTERM cuts it short, and what was unsent is on stderr", async () => {
  const port = await closedPort();
  const proxy = spawnProxy(
    ["--drain-timeout-ms", "600000", "--", process.execPath, SERVER_EVERYTHING, "stdio"],
    ctxlogEnv(`http://127.0.0.1:${port}/v1`),
  );
  const answered = new Promise<void>((resolve) => {
    proxy.child.stdout?.on("data", () => {
      if (proxy.stdout().includes('"id":2')) resolve();
    });
  });
  for (const message of [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "impatient", version: "1" },
      },
    },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: { message: "kept" } } },
  ]) {
    proxy.child.stdin?.write(`${JSON.stringify(message)}\n`);
  }
  await answered;
  // as the SDK's client closes: stdin first, then SIGTERM (again, until the proxy has gone)
  proxy.child.stdin?.end();
  const again = setInterval(() => proxy.child.kill("SIGTERM"), 200);
  const end = await proxy.ended.finally(() => clearInterval(again));
  expect(end.code === 0 || end.signal === "SIGTERM").toBe(true);
  const kept = proxy.stderrLines().filter((l) => l.msg === "context_not_logged");
  expect(kept.map((l) => (l.context as { context_data: { input: unknown } }).context_data.input)).toEqual([
    { message: "kept" },
  ]);
});
