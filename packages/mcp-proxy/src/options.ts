import {
  ContextLogger,
  type CreateContextInput,
  CtxlogClient,
  DEFAULT_BASE_URL,
  type Visibility,
} from "@ctxlog/sdk";
import type { Diagnostics } from "./diagnostics";

/** Who is calling: what the agent id is derived from (one MCP session). */
export interface McpSessionInfo {
  /** clientInfo.name from `initialize`; undefined until the client has sent it */
  clientName: string | undefined;
  clientVersion: string | undefined;
  /** Mcp-Session-Id (streamable HTTP), or the proxy's own id for a stdio run */
  sessionId: string;
}

/** A step as the redaction hook sees it. */
export interface StepInfo {
  kind: "tool";
  name: string;
}

/** The options every ctxlog integration takes (issue 41), same names everywhere. */
export interface IntegrationOptions {
  client?: CtxlogClient;
  apiKey?: string;
  baseUrl?: string;
  logger?: ContextLogger;
  /** Default: the client's name from `initialize` (one agent log per client name). */
  agentId?: string | ((session: McpSessionInfo) => string);
  /** Tool arguments in context_data.input; default true. */
  recordInputs?: boolean;
  /** Tool results in context_data.output; default true. */
  recordOutputs?: boolean;
  /** Rewrites a step's context_data before it is logged; null: the step is not logged. */
  redact?: (data: Record<string, unknown>, step: StepInfo) => Record<string, unknown> | null;
  /** Each context salted by the SDK (`salt: true`); default false. */
  salt?: boolean;
  visibility?: Visibility;
}

/** Agent id when the client never said its name (a tools/call before initialize). */
export const UNNAMED_CLIENT = "mcp-client";

/**
 * The logger the proxy sends through: the caller's, or one made from client / apiKey + baseUrl
 * (CTXLOG_API_KEY, CTXLOG_URL). Without an API key there is none: the proxy still forwards
 * everything and says once on stderr that nothing is logged.
 */
export function resolveLogger(
  opts: IntegrationOptions,
  diagnostics: Diagnostics,
  env: NodeJS.ProcessEnv = process.env,
): ContextLogger | undefined {
  if (opts.logger) return opts.logger;
  let client = opts.client;
  if (!client) {
    const apiKey = opts.apiKey ?? env.CTXLOG_API_KEY;
    if (!apiKey) {
      diagnostics.warn("no CTXLOG_API_KEY: forwarding only, nothing is logged");
      return undefined;
    }
    client = new CtxlogClient({ apiKey, baseUrl: opts.baseUrl ?? env.CTXLOG_URL ?? DEFAULT_BASE_URL });
  }
  return new ContextLogger(client, {
    // short: a client may kill the proxy soon after its server ends, so little should be waiting
    flushIntervalMs: 100,
    onFailure: (context: CreateContextInput, error: unknown) => diagnostics.contextNotLogged(context, error),
    log: (message) => diagnostics.warn(message),
  });
}

/** The agent id of a session's contexts. */
export function agentIdOf(opts: IntegrationOptions, session: McpSessionInfo): string {
  if (typeof opts.agentId === "function") return opts.agentId(session);
  return opts.agentId ?? session.clientName ?? UNNAMED_CLIENT;
}
