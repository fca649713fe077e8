import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tapBody } from "./body-tap";
import { ContextSink } from "./context-sink";
import { Diagnostics, describeError } from "./diagnostics";
import { forwardedRequestHeaders, forwardedResponseHeaders } from "./http-headers";
import { McpSession } from "./mcp-session";
import { type IntegrationOptions, resolveLogger } from "./options";

export interface HttpProxyOptions extends IntegrationOptions {
  /** The streamable-HTTP MCP server's URL (e.g. http://127.0.0.1:3001/mcp). */
  upstream: string;
  /** Default 0: a free port (see `url`). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  diagnostics?: Diagnostics;
  /** Sessions followed at once; past it the oldest is let go (its open calls logged unanswered). */
  maxSessions?: number;
}

export interface RunningHttpProxy {
  /** The upstream URL's path on the proxy: what a client connects to instead. */
  url: string;
  port: number;
  /** Stops listening, ends every session and drains the logger (at most `drainTimeoutMs`, default 1,500); once. */
  close(drainTimeoutMs?: number): Promise<void>;
}

/** A session without an Mcp-Session-Id: a stateless server's, all its requests one session. */
const NO_SESSION = "";

/**
 * Stands in for a streamable-HTTP MCP server: every request (any method and path, the path kept
 * relative to the upstream's origin) goes upstream with its headers and body bytes as they came,
 * and the answer comes back with its status, headers and body bytes as they came (SSE streams
 * included, unbuffered). Copies of the POSTed messages and of the answers (JSON or SSE, GET
 * streams too) are read per Mcp-Session-Id to log each tools/call.
 */
export async function startHttpProxy(opts: HttpProxyOptions): Promise<RunningHttpProxy> {
  const diagnostics = opts.diagnostics ?? new Diagnostics();
  const upstream = new URL(opts.upstream);
  const client = upstream.protocol === "https:" ? https : http;
  const agent = new client.Agent({ keepAlive: true });
  const sink = new ContextSink(resolveLogger(opts, diagnostics), diagnostics, !opts.logger);
  const sessions = new Map<string, McpSession>();
  const maxSessions = opts.maxSessions ?? 1000;

  const sessionFor = (id: string): McpSession => {
    let session = sessions.get(id);
    if (!session) {
      if (sessions.size >= maxSessions) {
        const [oldestId, oldest] = sessions.entries().next().value as [string, McpSession];
        sessions.delete(oldestId);
        oldest.close("the proxy stopped following the session (too many sessions)");
      }
      session = new McpSession({ sessionId: id, transport: "streamable-http" }, opts, (c) => sink.emit(c));
      sessions.set(id, session);
    }
    return session;
  };
  const guarded = (side: string, observe: (message: unknown) => void) => (message: unknown) => {
    try {
      observe(message);
    } catch (error) {
      diagnostics.error(`a ${side} message could not be logged`, { error: describeError(error) });
    }
  };
  const onInvalid = (side: string) => (reason: string) => diagnostics.warn(`${side}: ${reason}`);

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const target = new URL(req.url ?? "/", upstream);
    // What the client sent is read before what the server answered, whatever comes first on the
    // wire: the answer's messages wait here until the request's are in.
    const sent: unknown[] = [];
    const answered: unknown[] = [];
    let session: McpSession | undefined;
    let requestRead = false;
    const deliver = () => {
      if (!session || !requestRead) return;
      const s = session;
      for (const m of sent.splice(0)) guarded("client", (x) => s.fromClient(x))(m);
      for (const m of answered.splice(0)) guarded("server", (x) => s.fromServer(x))(m);
    };
    const requestTap =
      req.method === "POST" ? tapBody(req.headers, (m) => sent.push(m), onInvalid("client")) : undefined;
    const up = client.request(target, {
      method: req.method,
      headers: forwardedRequestHeaders(req.rawHeaders, target),
      agent,
    });
    req.on("data", (chunk: Buffer) => requestTap?.push(chunk));
    req.on("end", () => {
      requestTap?.end();
      // a decompressed body's messages come a tick later: one more turn before they count as in
      setImmediate(() => {
        requestRead = true;
        deliver();
      });
    });
    req.pipe(up);

    up.on("response", (upRes) => {
      const header = (h: IncomingMessage["headers"]) => {
        const v = h["mcp-session-id"];
        return Array.isArray(v) ? v[0] : v;
      };
      const sessionId = header(req.headers) ?? header(upRes.headers) ?? NO_SESSION;
      session = sessionFor(sessionId);
      res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, forwardedResponseHeaders(upRes.rawHeaders));
      res.flushHeaders();
      const responseTap = tapBody(
        upRes.headers,
        (m) => {
          answered.push(m);
          deliver();
        },
        onInvalid("server"),
      );
      upRes.on("data", (chunk: Buffer) => responseTap?.push(chunk));
      upRes.on("end", () => {
        responseTap?.end();
        const ok = (upRes.statusCode ?? 500) < 300;
        if (req.method === "DELETE" && ok && sessionId !== NO_SESSION) {
          sessions.delete(sessionId);
          setImmediate(() => session?.close("the client ended the session before the answer"));
        }
      });
      upRes.pipe(res);
      deliver();
    });
    up.on("error", (error) => {
      diagnostics.warn("the upstream server", { url: target.href, error: describeError(error) });
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`ctxlog-mcp-proxy: ${target.origin} did not answer (${error.message})\n`);
      } else res.destroy(error);
    });
    // the client went away (an SSE stream it closed, say): so does the upstream request
    res.on("close", () => {
      if (!res.writableFinished) up.destroy();
    });
  };

  const server = http.createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  const url = `http://${host}:${port}${upstream.pathname}${upstream.search}`;
  diagnostics.info("listening", { url, upstream: upstream.href });
  let closing: Promise<void> | undefined;

  return {
    url,
    port,
    close(drainTimeoutMs = 1500) {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
        agent.destroy();
        for (const session of sessions.values()) session.close("the proxy stopped before the answer");
        sessions.clear();
        const drained = await sink.drain(drainTimeoutMs);
        if (drained === "timed out")
          diagnostics.warn("ctxlog did not take every context before the exit deadline");
      })();
      return closing;
    },
  };
}
