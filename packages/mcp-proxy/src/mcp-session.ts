import { performance } from "node:perf_hooks";
import type { CreateContextInput } from "@ctxlog/sdk";
import type { IntegrationOptions } from "./options";
import { type FinishedToolCall, type SessionFacts, toolCallContext } from "./tool-call-context";

interface OpenCall {
  requestId: string | number;
  name: string;
  arguments: unknown;
  startedAt: number;
  startedPerf: number;
}

/** Calls awaiting their answer at most; past it the oldest is logged unanswered (a client that never waits). */
export const MAX_OPEN_CALLS = 10_000;

type Message = Record<string, unknown>;
const isObject = (value: unknown): value is Message =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isId = (id: unknown): id is string | number => typeof id === "string" || typeof id === "number";
// a string id "1" and a number id 1 are two ids
const keyOf = (id: string | number) => `${typeof id}:${id}`;

/**
 * One MCP session as the proxy sees it: the JSON-RPC messages each way (already parsed; the
 * bytes themselves are forwarded untouched elsewhere). It learns the client's name from
 * `initialize` and the server's from its answer, pairs each `tools/call` with its response by
 * request id and hands the finished call's context to `emit`. A response seen twice finds its call
 * gone and is logged once; a call cancelled by the client (notifications/cancelled) or left without
 * an answer when the session ends is logged with why.
 */
export class McpSession {
  readonly facts: SessionFacts;
  private readonly open = new Map<string, OpenCall>();
  private initializeKey: string | undefined;

  constructor(
    facts: Pick<SessionFacts, "sessionId" | "transport">,
    private readonly opts: IntegrationOptions,
    private readonly emit: (context: CreateContextInput) => void,
  ) {
    this.facts = { ...facts, clientName: undefined, clientVersion: undefined };
  }

  /** Calls still waiting for their answer. */
  get openCalls(): number {
    return this.open.size;
  }

  /** A message (or a JSON-RPC batch) the client sent. */
  fromClient(message: unknown): void {
    if (Array.isArray(message)) {
      for (const m of message) this.fromClient(m);
      return;
    }
    if (!isObject(message) || typeof message.method !== "string") return;
    const params = isObject(message.params) ? message.params : {};
    if (message.method === "notifications/cancelled" && isId(params.requestId)) {
      const reason = typeof params.reason === "string" ? `: ${params.reason}` : "";
      this.finish(params.requestId, { type: "unanswered", reason: `cancelled by the client${reason}` });
      return;
    }
    if (!isId(message.id)) return; // another notification
    if (message.method === "initialize") {
      this.initializeKey = keyOf(message.id);
      const client = isObject(params.clientInfo) ? params.clientInfo : {};
      if (typeof client.name === "string") this.facts.clientName = client.name;
      if (typeof client.version === "string") this.facts.clientVersion = client.version;
    } else if (message.method === "tools/call" && typeof params.name === "string") {
      if (this.open.size >= MAX_OPEN_CALLS) {
        const oldest = this.open.values().next().value as OpenCall;
        this.finish(oldest.requestId, { type: "unanswered", reason: "no answer before 10,000 later calls" });
      }
      this.open.set(keyOf(message.id), {
        requestId: message.id,
        name: params.name,
        arguments: params.arguments,
        startedAt: Date.now(),
        startedPerf: performance.now(),
      });
    }
  }

  /** A message (or a JSON-RPC batch) the server sent. */
  fromServer(message: unknown): void {
    if (Array.isArray(message)) {
      for (const m of message) this.fromServer(m);
      return;
    }
    // a server's own requests and notifications have a method; responses do not
    if (!isObject(message) || message.method !== undefined || !isId(message.id)) return;
    const key = keyOf(message.id);
    if (key === this.initializeKey) {
      this.initializeKey = undefined;
      const result = isObject(message.result) ? message.result : {};
      const server = isObject(result.serverInfo) ? result.serverInfo : {};
      if (typeof server.name === "string") this.facts.serverName = server.name;
      if (typeof server.version === "string") this.facts.serverVersion = server.version;
      if (typeof result.protocolVersion === "string") this.facts.protocolVersion = result.protocolVersion;
      return;
    }
    if (isObject(message.result)) this.finish(message.id, { type: "result", result: message.result });
    else if (isObject(message.error)) this.finish(message.id, { type: "error", error: message.error });
  }

  /** The session is over: every call still open is logged as unanswered. */
  close(reason: string): void {
    for (const call of [...this.open.values()]) this.finish(call.requestId, { type: "unanswered", reason });
  }

  private finish(requestId: string | number, end: FinishedToolCall["end"]): void {
    const key = keyOf(requestId);
    const call = this.open.get(key);
    if (!call) return;
    this.open.delete(key);
    const context = toolCallContext(
      {
        requestId: call.requestId,
        name: call.name,
        arguments: call.arguments,
        startedAt: call.startedAt,
        endedAt: Date.now(),
        durationMs: performance.now() - call.startedPerf,
        end,
      },
      this.facts,
      this.opts,
    );
    if (context) this.emit(context);
  }
}
