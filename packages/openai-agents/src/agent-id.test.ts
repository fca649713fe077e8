import { defaultAgentId, resolveAgentId, type TraceInfo } from "./agent-id";

// the API's rule (@ctxlog/core's AGENT_ID_PATTERN; this package depends on the SDK alone, and the
// end-to-end test sends these ids to the real API)
const AGENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,127}$/;
const TRACE_ID = "trace_0123456789abcdef0123456789abcdef";
const trace = (workflowName: string): TraceInfo => ({ traceId: TRACE_ID, workflowName, groupId: null });

it.each([
  ["Agent workflow", `Agent-workflow/${TRACE_ID}`],
  ["checkout", `checkout/${TRACE_ID}`],
  ["  Réservation  (v2) ", `R-servation-v2/${TRACE_ID}`],
  ["!!!", `agent-workflow/${TRACE_ID}`],
  ["", `agent-workflow/${TRACE_ID}`],
])("the workflow %j gives the agent id %s, a valid one", (name, expected) => {
  const id = defaultAgentId(trace(name));
  expect(id).toBe(expected);
  expect(id).toMatch(AGENT_ID_PATTERN);
});

it("a long workflow name is cut so that the trace id stays whole and the id valid", () => {
  const id = defaultAgentId(trace("w".repeat(300)));
  expect(id).toHaveLength(128);
  expect(id.endsWith(`/${TRACE_ID}`)).toBe(true);
  expect(id).toMatch(AGENT_ID_PATTERN);
});

it("the agentId option, a string or a function of the trace, wins", () => {
  expect(resolveAgentId("support-bot", trace("x"))).toBe("support-bot");
  expect(resolveAgentId((t) => `bot/${t.workflowName}`, trace("x"))).toBe("bot/x");
  expect(resolveAgentId(undefined, trace("x"))).toBe(`x/${TRACE_ID}`);
});
