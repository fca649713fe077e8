import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { Readable, Writable } from "node:stream";
import { ContextSink } from "./context-sink";
import { Diagnostics, describeError } from "./diagnostics";
import { JsonLineTap } from "./json-lines";
import { McpSession } from "./mcp-session";
import { type IntegrationOptions, resolveLogger } from "./options";

export interface StdioProxyOptions extends IntegrationOptions {
  /** The MCP server to run, and its arguments. */
  command: string;
  args?: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** The client's side; default process.stdin / process.stdout. */
  input?: Readable;
  output?: Writable;
  diagnostics?: Diagnostics;
  /** How long the logger may drain once the server has exited; default 1,500 ms. */
  drainTimeoutMs?: number;
  /** Signals passed on to the server; default SIGINT, SIGTERM, SIGHUP. */
  forwardSignals?: NodeJS.Signals[];
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Runs an MCP server as a child process and stands in for it on stdio: the client's bytes go to
 * the server's stdin and the server's bytes to the client as they come (piped, never parsed and
 * written again), so messages, their order, notifications and the server's own requests
 * (sampling, elicitation, roots) pass unchanged; the server's stderr is the proxy's stderr. A copy
 * of each direction is read line by line to log every tools/call. Resolves once the server has
 * exited and the logger is drained (bounded), with how the server ended.
 */
export async function runStdioProxy(opts: StdioProxyOptions): Promise<ServerExit> {
  const diagnostics = opts.diagnostics ?? new Diagnostics();
  const input = opts.input ?? process.stdin;
  const output = opts.output ?? process.stdout;
  const sink = new ContextSink(resolveLogger(opts, diagnostics), diagnostics, !opts.logger);
  const session = new McpSession({ sessionId: randomUUID(), transport: "stdio" }, opts, (c) => sink.emit(c));

  const child = spawn(opts.command, opts.args ?? [], {
    stdio: ["pipe", "pipe", "inherit"],
    env: opts.env ?? process.env,
    cwd: opts.cwd,
  });
  const exited = new Promise<ServerExit>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
    child.once("error", (error) => {
      diagnostics.error("the server could not be started", {
        command: opts.command,
        error: describeError(error),
      });
      resolve({ code: 127, signal: null });
    });
  });

  // a tap that throws (a redact hook, an agentId function) must not stop the forwarding
  const guarded = (side: string, observe: (message: unknown) => void) => (message: unknown) => {
    try {
      observe(message);
    } catch (error) {
      diagnostics.error(`a ${side} message could not be logged`, { error: describeError(error) });
    }
  };
  const onInvalid = (side: string) => (reason: string) => diagnostics.warn(`${side}: ${reason}`);
  const clientTap = new JsonLineTap(
    guarded("client", (m) => session.fromClient(m)),
    onInvalid("client"),
  );
  const serverTap = new JsonLineTap(
    guarded("server", (m) => session.fromServer(m)),
    onInvalid("server"),
  );

  // a side gone (EPIPE) is said once, not thrown: the other side may still have bytes to pass
  child.stdin.on("error", (error) => diagnostics.warn("the server's stdin", { error: describeError(error) }));
  output.on("error", (error) => diagnostics.warn("the client's stdout", { error: describeError(error) }));
  // pipe() keeps backpressure both ways; the taps see the same chunks after they are written on
  input.pipe(child.stdin);
  input.on("data", (chunk: Buffer) => clientTap.push(chunk));
  child.stdout.pipe(output, { end: false });
  child.stdout.on("data", (chunk: Buffer) => serverTap.push(chunk));

  // A signal goes on to the server while it runs; once it has exited, a signal (the client's
  // SIGTERM, say) cuts the drain short: what is unsent is written to stderr, then the proxy ends.
  const signals = opts.forwardSignals ?? ["SIGINT", "SIGTERM", "SIGHUP"];
  const stopDraining = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    else stopDraining.abort();
  };
  for (const signal of signals) process.on(signal, onSignal);
  const drainTimeoutMs = opts.drainTimeoutMs ?? 1500;

  try {
    const exit = await exited;
    // its last bytes are passed on before the proxy goes ('exit' can come before stdout's end);
    // bounded, as a process the server left behind may hold its stdout open
    if (!child.stdout.readableEnded && child.pid !== undefined) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainTimeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        child.stdout.once("close", done);
        child.stdout.once("end", done);
      });
    }
    input.unpipe(child.stdin);
    session.close("the server exited before answering");
    const drained = await sink.drain(drainTimeoutMs, stopDraining.signal);
    if (drained === "timed out")
      diagnostics.warn("ctxlog did not take every context before the exit deadline");
    return exit;
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
  }
}
