import { parseArgs } from "node:util";

export const USAGE = `Usage:
  ctxlog-mcp-proxy [options] -- <server command> [args…]        stdio: runs the server, stands in for it
  ctxlog-mcp-proxy [options] --http <server URL> --listen <port>  streamable HTTP: stands in for the URL

Forwards every MCP message unchanged and logs each tools/call to ctxlog (CTXLOG_API_KEY,
CTXLOG_URL). The proxy's own lines go to stderr as JSON.

Options:
  --agent-id <id>          agent log of the calls (CTXLOG_AGENT_ID); default: the client's name
  --no-inputs              do not record tool arguments
  --no-outputs             do not record tool results
  --salt                   salt each context (for short or guessable values)
  --base-url <url>         ctxlog API (CTXLOG_URL); default http://127.0.0.1:3000/v1
  --http <url>             the streamable-HTTP MCP server to stand in for
  --listen <port>          the port to listen on (HTTP mode); --host <addr> default 127.0.0.1
  --drain-timeout-ms <ms>  how long to wait for ctxlog at exit (default 1500)
  -h, --help, -v, --version`;

export interface CliArgs {
  mode: "stdio" | "http" | "help" | "version";
  command?: string;
  args: string[];
  agentId?: string;
  recordInputs: boolean;
  recordOutputs: boolean;
  salt: boolean;
  baseUrl?: string;
  upstream?: string;
  port?: number;
  host: string;
  drainTimeoutMs?: number;
}

export class UsageError extends Error {
  override name = "UsageError";
}

function integer(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`${name} must be an integer from ${min} to ${max}, not "${value}"`);
  }
  return n;
}

/** The command line (without node and the script): the proxy's options, then `--` and the server's. */
export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CliArgs {
  const dashes = argv.indexOf("--");
  const own = dashes === -1 ? argv : argv.slice(0, dashes);
  const server = dashes === -1 ? [] : argv.slice(dashes + 1);
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(own).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const common = {
    agentId: values["agent-id"] ?? (env.CTXLOG_AGENT_ID || undefined),
    recordInputs: !values["no-inputs"],
    recordOutputs: !values["no-outputs"],
    salt: values.salt ?? false,
    baseUrl: values["base-url"],
    host: values.host ?? "127.0.0.1",
    drainTimeoutMs: integer("--drain-timeout-ms", values["drain-timeout-ms"], 0, 600_000),
  };
  if (values.help) return { mode: "help", args: [], ...common };
  if (values.version) return { mode: "version", args: [], ...common };
  if (values.http !== undefined) {
    if (server.length > 0) throw new UsageError("--http stands in for a URL: give no server command");
    try {
      new URL(values.http);
    } catch {
      throw new UsageError(`--http needs an http(s) URL, not "${values.http}"`);
    }
    const port = integer("--listen", values.listen, 0, 65_535);
    if (port === undefined) throw new UsageError("--http needs --listen <port>");
    return { mode: "http", args: [], upstream: values.http, port, ...common };
  }
  const [command, ...args] = server;
  if (!command) throw new UsageError("no server command: ctxlog-mcp-proxy [options] -- <command> [args…]");
  return { mode: "stdio", command, args, ...common };
}

function parse(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      "agent-id": { type: "string" },
      "no-inputs": { type: "boolean" },
      "no-outputs": { type: "boolean" },
      salt: { type: "boolean" },
      "base-url": { type: "string" },
      http: { type: "string" },
      listen: { type: "string" },
      host: { type: "string" },
      "drain-timeout-ms": { type: "string" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "v" },
    },
  });
}
