import type { CreateContextInput } from "@ctxlog/sdk";

type Level = "info" | "warn" | "error";

/**
 * The proxy's own lines, JSON one a line, on stderr: stdout is the MCP protocol itself, so not a
 * byte of the proxy's may go there. A context that could not be logged is written out whole
 * (`context_not_logged`), so an outage of ctxlog loses nothing the user cannot send again.
 */
export class Diagnostics {
  constructor(private readonly write: (line: string) => void = (line) => void process.stderr.write(line)) {}

  line(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
    const record = { time: new Date().toISOString(), level, source: "ctxlog-mcp-proxy", msg, ...fields };
    try {
      this.write(`${JSON.stringify(record)}\n`);
    } catch {
      // stderr gone (the client closed it): there is nowhere left to say anything
    }
  }

  info(msg: string, fields?: Record<string, unknown>): void {
    this.line("info", msg, fields);
  }

  warn(msg: string, fields?: Record<string, unknown>): void {
    this.line("warn", msg, fields);
  }

  error(msg: string, fields?: Record<string, unknown>): void {
    this.line("error", msg, fields);
  }

  contextNotLogged(context: CreateContextInput, error: unknown): void {
    this.error("context_not_logged", { error: describeError(error), context });
  }
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : "";
  return `${error.name}: ${error.message}${cause}`;
}
