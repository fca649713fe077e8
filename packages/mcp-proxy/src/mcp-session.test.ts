import type { CreateContextInput } from "@ctxlog/sdk";
import { McpSession } from "./mcp-session";
import type { IntegrationOptions } from "./options";

const init = (id: number | string = 0) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "cursor", version: "1.2" } },
});
const initResult = (id: number | string = 0) => ({
  jsonrpc: "2.0",
  id,
  result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "fs", version: "0.9" } },
});
const callTool = (id: number | string, name: string, args: unknown = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});
const result = (id: number | string, text: string) => ({
  jsonrpc: "2.0",
  id,
  result: { content: [{ type: "text", text }] },
});

function sessionWith(opts: IntegrationOptions = {}) {
  const logged: CreateContextInput[] = [];
  const session = new McpSession({ sessionId: "sess", transport: "stdio" }, opts, (c) => logged.push(c));
  return { session, logged, data: () => logged.map((c) => c.context_data) };
}

it("learns the client's and server's names from initialize and logs a call with its answer", () => {
  const { session, logged } = sessionWith();
  session.fromClient(init());
  session.fromServer(initResult());
  session.fromClient({ jsonrpc: "2.0", method: "notifications/initialized" });
  session.fromClient(callTool(1, "read_file", { path: "/a" }));
  expect(session.openCalls).toBe(1);
  session.fromServer(result(1, "contents"));
  expect(session.openCalls).toBe(0);
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({
    agent_id: "cursor",
    context_data: {
      kind: "tool",
      name: "read_file",
      input: { path: "/a" },
      output: { content: [{ text: "contents" }] },
    },
    metadata: {
      mcp_session_id: "sess",
      request_id: 1,
      client: { name: "cursor", version: "1.2" },
      server: { name: "fs", version: "0.9" },
      protocol_version: "2025-11-25",
    },
  });
});

it("pairs answers by id whatever their order; a string id and a number id are two calls", () => {
  const { session, data } = sessionWith();
  session.fromClient(init());
  session.fromClient(callTool(1, "a"));
  session.fromClient(callTool("1", "b"));
  session.fromClient(callTool(2, "c"));
  session.fromServer(result(2, "for c"));
  session.fromServer(result("1", "for b"));
  session.fromServer(result(1, "for a"));
  expect(data().map((d) => [d.name, (d.output as { content: { text: string }[] }).content[0]?.text])).toEqual(
    [
      ["c", "for c"],
      ["b", "for b"],
      ["a", "for a"],
    ],
  );
});

it("an answer seen twice is logged once; answers to other requests are not calls", () => {
  const { session, logged } = sessionWith();
  session.fromClient(callTool(5, "x"));
  session.fromServer(result(5, "one"));
  session.fromServer(result(5, "again"));
  session.fromClient({ jsonrpc: "2.0", id: 6, method: "tools/list" });
  session.fromServer({ jsonrpc: "2.0", id: 6, result: { tools: [] } });
  expect(logged).toHaveLength(1);
});

it("the server's own requests (sampling) and the client's answers to them are not mistaken for calls", () => {
  const { session, data } = sessionWith();
  session.fromClient(callTool(1, "trigger-sampling-request"));
  // the server asks the client, with an id of its own that happens to be 1
  session.fromServer({ jsonrpc: "2.0", id: 1, method: "sampling/createMessage", params: {} });
  session.fromClient({
    jsonrpc: "2.0",
    id: 1,
    result: { role: "assistant", content: { type: "text", text: "s" } },
  });
  expect(data()).toEqual([]);
  session.fromServer(result(1, "sampled"));
  expect(data()).toMatchObject([
    { name: "trigger-sampling-request", output: { content: [{ text: "sampled" }] } },
  ]);
});

it("JSON-RPC batches each way are read message by message", () => {
  const { session, data } = sessionWith();
  session.fromClient([callTool(1, "a"), callTool(2, "b")]);
  session.fromServer([result(2, "b!"), { jsonrpc: "2.0", id: 1, error: { code: -32000, message: "boom" } }]);
  expect(data()).toMatchObject([{ name: "b" }, { name: "a", error: { code: -32000, message: "boom" } }]);
});

it("a call the client cancels, or left open when the session ends, is logged with why; a late answer adds nothing", () => {
  const { session, data } = sessionWith();
  session.fromClient(callTool(1, "slow"));
  session.fromClient(callTool(2, "slower"));
  session.fromClient({
    jsonrpc: "2.0",
    method: "notifications/cancelled",
    params: { requestId: 1, reason: "user pressed stop" },
  });
  session.fromServer(result(1, "too late"));
  session.close("the server exited before answering");
  expect(data()).toMatchObject([
    { name: "slow", error: { message: "cancelled by the client: user pressed stop" } },
    { name: "slower", error: { message: "the server exited before answering" } },
  ]);
  expect(data()[0]).not.toHaveProperty("output");
});

it("a tools/call before initialize goes to the unnamed client; --agent-id wins over the name", () => {
  const early = sessionWith();
  early.session.fromClient(callTool(1, "x"));
  early.session.fromServer(result(1, "y"));
  expect(early.logged[0]?.agent_id).toBe("mcp-client");
  const fixed = sessionWith({ agentId: "ops-bot" });
  fixed.session.fromClient(init());
  fixed.session.fromClient(callTool(1, "x"));
  fixed.session.fromServer(result(1, "y"));
  expect(fixed.logged[0]?.agent_id).toBe("ops-bot");
});

it("what is not JSON-RPC is passed over", () => {
  const { session, logged } = sessionWith();
  for (const junk of [null, 3, "x", {}, { id: 1 }, { method: 5, id: 1 }, [null]]) {
    session.fromClient(junk);
    session.fromServer(junk);
  }
  session.fromClient({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: 42 } });
  session.fromServer(result(1, "x"));
  expect(logged).toEqual([]);
});
