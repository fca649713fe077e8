import { CTXLOG_SOURCE } from "./source";
import {
  type FinishedToolCall,
  MAX_DATA_BYTES,
  type SessionFacts,
  toolCallContext,
} from "./tool-call-context";

const session: SessionFacts = {
  sessionId: "s-1",
  transport: "stdio",
  clientName: "claude-code",
  clientVersion: "2.1.0",
  serverName: "everything",
  serverVersion: "2.0.0",
  protocolVersion: "2025-11-25",
};
const call = (end: FinishedToolCall["end"], args: unknown = { message: "hi" }): FinishedToolCall => ({
  requestId: 7,
  name: "echo",
  arguments: args,
  startedAt: Date.parse("2026-11-29T10:00:00.000Z"),
  endedAt: Date.parse("2026-11-29T10:00:00.012Z"),
  durationMs: 12.3456,
  end,
});
const ok = call({ type: "result", result: { content: [{ type: "text", text: "Echo: hi" }] } });

it("a result: kind tool, name, input, output, the times; the session's ids and the source in metadata", () => {
  expect(toolCallContext(ok, session, {})).toEqual({
    agent_id: "claude-code",
    context_data: {
      kind: "tool",
      name: "echo",
      input: { message: "hi" },
      output: { content: [{ type: "text", text: "Echo: hi" }] },
      started_at: "2026-11-29T10:00:00.000Z",
      ended_at: "2026-11-29T10:00:00.012Z",
      duration_ms: 12.346,
    },
    metadata: {
      mcp_session_id: "s-1",
      request_id: 7,
      transport: "stdio",
      client: { name: "claude-code", version: "2.1.0" },
      server: { name: "everything", version: "2.0.0" },
      protocol_version: "2025-11-25",
      ctxlog_source: CTXLOG_SOURCE,
    },
  });
  const pkg = require("../package.json") as { version: string };
  expect(CTXLOG_SOURCE).toEqual({
    name: "@ctxlog/mcp-proxy",
    version: pkg.version,
    library: expect.stringMatching(/^@modelcontextprotocol\/sdk@\d+\.\d+\.\d+/),
  });
});

it("isError: the result as output and error.is_error with the tool's text; without outputs, no text", () => {
  const failed = call({
    type: "result",
    result: { content: [{ type: "text", text: "no such file" }], isError: true },
  });
  expect(toolCallContext(failed, session, {})?.context_data).toMatchObject({
    output: { isError: true },
    error: { is_error: true, message: "no such file" },
  });
  const quiet = toolCallContext(failed, session, { recordOutputs: false })?.context_data;
  expect(quiet?.error).toEqual({ is_error: true });
  expect(quiet).not.toHaveProperty("output");
});

it("a JSON-RPC error: its code and message (data only with outputs); no output", () => {
  const refused = call({ type: "error", error: { code: -32602, message: "Unknown tool", data: { x: 1 } } });
  const data = toolCallContext(refused, session, {})?.context_data;
  expect(data?.error).toEqual({ code: -32602, message: "Unknown tool", data: { x: 1 } });
  expect(data).not.toHaveProperty("output");
  expect(toolCallContext(refused, session, { recordOutputs: false })?.context_data.error).toEqual({
    code: -32602,
    message: "Unknown tool",
  });
});

it("unanswered: the reason as error.message", () => {
  const data = toolCallContext(call({ type: "unanswered", reason: "cancelled by the client" }), session, {});
  expect(data?.context_data.error).toEqual({ message: "cancelled by the client" });
});

it("inputs and outputs off: neither is recorded", () => {
  const data = toolCallContext(ok, session, { recordInputs: false, recordOutputs: false })?.context_data;
  expect(Object.keys(data ?? {}).sort()).toEqual(["duration_ms", "ended_at", "kind", "name", "started_at"]);
});

it("redact rewrites the data it is given with the step, or drops the step with null", () => {
  const seen: unknown[] = [];
  const redacted = toolCallContext(ok, session, {
    redact: (data, step) => {
      seen.push(step);
      return { ...data, input: { message: "[redacted]" } };
    },
  });
  expect(seen).toEqual([{ kind: "tool", name: "echo" }]);
  expect(redacted?.context_data.input).toEqual({ message: "[redacted]" });
  expect(toolCallContext(ok, session, { redact: () => null })).toBeNull();
});

it("agentId: a string, or a function of the session; salt and visibility pass on to the SDK", () => {
  expect(toolCallContext(ok, session, { agentId: "fixed" })?.agent_id).toBe("fixed");
  const byFn = toolCallContext(ok, session, { agentId: (s) => `${s.clientName}/${s.sessionId}` });
  expect(byFn?.agent_id).toBe("claude-code/s-1");
  expect(toolCallContext(ok, { ...session, clientName: undefined }, {})?.agent_id).toBe("mcp-client");
  expect(toolCallContext(ok, session, { salt: true, visibility: "public" })).toMatchObject({
    salt: true,
    visibility: "public",
  });
  expect(toolCallContext(ok, session, {})).not.toHaveProperty("salt");
});

it("too large for the API: the output, then the input, give way to their size and SHA-256", () => {
  const big = "x".repeat(MAX_DATA_BYTES);
  const data = toolCallContext(
    call({ type: "result", result: { content: [{ type: "text", text: big }] } }, { note: "small" }),
    session,
    {},
  )?.context_data;
  expect(data?.input).toEqual({ note: "small" });
  expect(data?.output).toEqual({
    omitted: "too large to log",
    bytes: expect.any(Number),
    sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  const both = toolCallContext(
    call({ type: "result", result: { content: [{ type: "text", text: big }] } }, { big }),
    session,
    {},
  )?.context_data;
  expect(both?.input).toMatchObject({ omitted: "too large to log" });
  expect(Buffer.byteLength(JSON.stringify(both))).toBeLessThan(MAX_DATA_BYTES);
});
