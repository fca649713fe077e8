import { createHash } from "node:crypto";
import { CONTEXT_SOURCE_KEY, type CreateContextInput, type JsonObject } from "@ctxlog/sdk";
import { agentIdOf, type IntegrationOptions, type McpSessionInfo } from "./options";
import { CTXLOG_SOURCE } from "./source";

/** A tools/call as the proxy saw it go by: the request, and how it ended. */
export interface FinishedToolCall {
  requestId: string | number;
  name: string;
  arguments: unknown;
  startedAt: number; // epoch ms
  endedAt: number;
  /** performance.now() difference: finer than the two dates */
  durationMs: number;
  end:
    | { type: "result"; result: Record<string, unknown> }
    | { type: "error"; error: { code?: unknown; message?: unknown; data?: unknown } }
    | { type: "unanswered"; reason: string };
}

/** What the session knows besides the call: ids and the two parties, for metadata. */
export interface SessionFacts extends McpSessionInfo {
  transport: "stdio" | "streamable-http";
  serverName?: string;
  serverVersion?: string;
  protocolVersion?: string;
}

/**
 * context_data past this many bytes of JSON gives up its output, then its input, for their size and
 * SHA-256: the API takes at most 256 KiB of context_data, and a tool may return an image.
 */
export const MAX_DATA_BYTES = 200 * 1024;

/** The text of a result's text content blocks: what a tool says when it reports isError. */
function textOf(result: Record<string, unknown>): string | undefined {
  if (!Array.isArray(result.content)) return undefined;
  const texts = result.content
    .filter((c): c is { type: "text"; text: string } => c?.type === "text" && typeof c.text === "string")
    .map((c) => c.text);
  return texts.length > 0 ? texts.join("\n") : undefined;
}

function errorOf(call: FinishedToolCall, recordOutputs: boolean): Record<string, unknown> | undefined {
  const { end } = call;
  if (end.type === "unanswered") return { message: end.reason };
  if (end.type === "error") {
    const { code, message, data } = end.error;
    return {
      code,
      message: typeof message === "string" ? message : String(message),
      ...(recordOutputs && data !== undefined ? { data } : {}),
    };
  }
  if (end.result.isError !== true) return undefined;
  const text = recordOutputs ? textOf(end.result) : undefined;
  return { is_error: true, ...(text !== undefined ? { message: text } : {}) };
}

function omitted(value: unknown): Record<string, unknown> {
  const json = JSON.stringify(value) ?? "null";
  return {
    omitted: "too large to log",
    bytes: Buffer.byteLength(json),
    sha256: createHash("sha256").update(json).digest("hex"),
  };
}

function fitted(data: Record<string, unknown>): Record<string, unknown> {
  const size = () => Buffer.byteLength(JSON.stringify(data));
  if (size() <= MAX_DATA_BYTES) return data;
  if (data.output !== undefined) data.output = omitted(data.output);
  if (size() > MAX_DATA_BYTES && data.input !== undefined) data.input = omitted(data.input);
  if (size() > MAX_DATA_BYTES && data.error !== undefined) data.error = omitted(data.error);
  return data;
}

/**
 * The context of one tools/call: `{kind: "tool", name, input?, output?, error?, started_at,
 * ended_at, duration_ms}`, the session's ids in metadata; null when `redact` drops it.
 */
export function toolCallContext(
  call: FinishedToolCall,
  session: SessionFacts,
  opts: IntegrationOptions,
): CreateContextInput | null {
  const recordInputs = opts.recordInputs ?? true;
  const recordOutputs = opts.recordOutputs ?? true;
  const error = errorOf(call, recordOutputs);
  let data: Record<string, unknown> = {
    kind: "tool",
    name: call.name,
    ...(recordInputs && call.arguments !== undefined ? { input: call.arguments } : {}),
    ...(recordOutputs && call.end.type === "result" ? { output: call.end.result } : {}),
    ...(error ? { error } : {}),
    started_at: new Date(call.startedAt).toISOString(),
    ended_at: new Date(call.endedAt).toISOString(),
    duration_ms: Math.round(call.durationMs * 1000) / 1000,
  };
  if (opts.redact) {
    const redacted = opts.redact(data, { kind: "tool", name: call.name });
    if (redacted === null) return null;
    data = redacted;
  }
  const metadata: JsonObject = {
    mcp_session_id: session.sessionId,
    request_id: call.requestId,
    transport: session.transport,
    ...(session.clientName !== undefined
      ? { client: { name: session.clientName, version: session.clientVersion ?? null } }
      : {}),
    ...(session.serverName !== undefined
      ? { server: { name: session.serverName, version: session.serverVersion ?? null } }
      : {}),
    ...(session.protocolVersion !== undefined ? { protocol_version: session.protocolVersion } : {}),
    [CONTEXT_SOURCE_KEY]: CTXLOG_SOURCE,
  };
  return {
    agent_id: agentIdOf(opts, session),
    context_data: fitted(data),
    metadata,
    ...(opts.salt ? { salt: true } : {}),
    ...(opts.visibility ? { visibility: opts.visibility } : {}),
  };
}
