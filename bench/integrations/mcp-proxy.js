#!/usr/bin/env node
// bench:integrations — @ctxlog/mcp-proxy: one MCP tools/call (server-everything's `echo`) from the
// SDK's official Client, timed straight to the server and through ctxlog-mcp-proxy (the built bin,
// which logs every call through the ContextLogger), alternating call by call in one run. ctxlog is a
// loopback HTTP server answering each batch 202. Both stdio (the proxy a process between client and
// server: what it adds is that hop, the taps and the logging) and streamable HTTP (the proxy in
// process, an HTTP hop). Target: ≤ 1 ms added to the median call. `node bench/integrations/mcp-proxy.js
// [steps]` runs it alone (default 500 calls each way); the runner calls run({ steps }).
const http = require("node:http");
const net = require("node:net");
const path = require("node:path");
const { spawn } = require("node:child_process");

const root = path.resolve(__dirname, "../..");
const PROXY_BIN = path.join(root, "packages/mcp-proxy/bin/ctxlog-mcp-proxy.js");
const SERVER = require.resolve("@modelcontextprotocol/server-everything/dist/index.js", {
  paths: [path.join(root, "packages/mcp-proxy")],
});
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const { StreamableHTTPClientTransport } = require("@modelcontextprotocol/sdk/client/streamableHttp.js");

const WARMUP = 50;

/** A loopback ctxlog: POST /v1/contexts/batch answered 202 with one record a context. */
async function startCtxlog() {
  let contexts = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      contexts += body.contexts.length;
      res.writeHead(202, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          data: body.contexts.map((c, i) => ({ context_id: `c${i}`, agent_id: c.agent_id })),
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    received: () => contexts,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function stdioClient(command, args, env) {
  const client = new Client({ name: "bench-mcp-proxy", version: "1" });
  await client.connect(new StdioClientTransport({ command, args, env, stderr: "ignore" }));
  return client;
}

async function httpClient(url) {
  const client = new Client({ name: "bench-mcp-proxy-http", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const round = (ms) => Math.round(ms * 1000) / 1000;

/** The same call on both clients, alternating (which goes first alternates too); ms per call. */
async function alternate(without, withProxy, steps) {
  const call = async (client, i) => {
    const started = process.hrtime.bigint();
    await client.callTool({ name: "echo", arguments: { message: `step ${i}` } });
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  for (let i = 0; i < WARMUP; i++) {
    await call(without, i);
    await call(withProxy, i);
  }
  const a = [];
  const b = [];
  for (let i = 0; i < steps; i++) {
    if (i % 2 === 0) {
      a.push(await call(without, i));
      b.push(await call(withProxy, i));
    } else {
      b.push(await call(withProxy, i));
      a.push(await call(without, i));
    }
  }
  return { without: round(median(a)), with: round(median(b)) };
}

async function run({ steps = 500 } = {}) {
  const ctxlog = await startCtxlog();
  const env = { ...process.env, CTXLOG_API_KEY: "sk_bench", CTXLOG_URL: ctxlog.baseUrl };
  // the built package, as the bin (npm run build)
  const { Diagnostics, startHttpProxy } = require(path.join(root, "packages/mcp-proxy/dist"));
  const port = await freePort();
  const httpServer = spawn(process.execPath, [SERVER, "streamableHttp"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const clients = [];
  let proxy;
  try {
    await new Promise((resolve, reject) => {
      let seen = "";
      httpServer.stderr.on("data", (c) => {
        seen += c;
        if (seen.includes("listening on port")) resolve();
      });
      httpServer.once("exit", (code) =>
        reject(new Error(`server-everything (HTTP) exited ${code}: ${seen}`)),
      );
    });
    const direct = await stdioClient(process.execPath, [SERVER, "stdio"], env);
    const proxied = await stdioClient(
      process.execPath,
      [PROXY_BIN, "--", process.execPath, SERVER, "stdio"],
      env,
    );
    clients.push(direct, proxied);
    const stdio = await alternate(direct, proxied, steps);

    const upstream = `http://127.0.0.1:${port}/mcp`;
    proxy = await startHttpProxy({
      upstream,
      apiKey: "sk_bench",
      baseUrl: ctxlog.baseUrl,
      diagnostics: new Diagnostics(() => undefined), // its "listening" line: not the bench's output
    });
    const httpDirect = await httpClient(upstream);
    const httpProxied = await httpClient(proxy.url);
    clients.push(httpDirect, httpProxied);
    const overHttp = await alternate(httpDirect, httpProxied, steps);
    for (const c of clients.splice(0)) await c.close();
    await proxy.close();
    proxy = undefined;
    return {
      name: "@ctxlog/mcp-proxy (stdio; tools/call echo on server-everything)",
      median_ms_without: stdio.without,
      median_ms_with: stdio.with,
      steps,
      http: { median_ms_without: overHttp.without, median_ms_with: overHttp.with },
      // every proxied call of both modes, warm-up included, reached the loopback ctxlog
      contexts_logged: ctxlog.received(),
    };
  } finally {
    for (const c of clients) await c.close().catch(() => undefined);
    await proxy?.close();
    httpServer.kill();
    await ctxlog.close();
  }
}

module.exports = { run };

if (require.main === module) {
  run({ steps: Number(process.argv[2] ?? 500) }).then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
