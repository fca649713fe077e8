import { canonicalContext } from "../canonical";
import { deriveAgentId } from "./derive-agent-id";
import { type NormalisedSpan, normaliseTraceRequest } from "./normalise-spans";
import { spanContextInput } from "./span-context";

const TRACE = "5b8efff798038103d269b633813fc60c";
const SPAN = "eee19b7ec3c1b174";
const PARENT = "eee19b7ec3c1b173";
const b64 = (hex: string) => Buffer.from(hex, "hex").toString("base64");

/** One span as OTLP/JSON sends it. */
function jsonRequest(overrides: Record<string, unknown> = {}) {
  return {
    resourceSpans: [
      {
        resource: { attributes: [{ key: "service.name", value: { stringValue: "weather" } }] },
        scopeSpans: [
          {
            scope: { name: "agents", version: "1.0.0" },
            spans: [
              {
                traceId: TRACE.toUpperCase(),
                spanId: SPAN,
                parentSpanId: PARENT,
                name: "chat gpt-4o",
                kind: 3,
                startTimeUnixNano: "1700000000000000001",
                endTimeUnixNano: 1700000000500000000,
                attributes: [
                  { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
                  { key: "gen_ai.usage.input_tokens", value: { intValue: 42 } },
                  { key: "temperature", value: { doubleValue: 0.5 } },
                  { key: "blob", value: { bytesValue: "AQID" } },
                  {
                    key: "list",
                    value: { arrayValue: { values: [{ intValue: "1" }, { boolValue: true }] } },
                  },
                  {
                    key: "map",
                    value: { kvlistValue: { values: [{ key: "k", value: { stringValue: "v" } }] } },
                  },
                ],
                events: [{ timeUnixNano: "1700000000100000000", name: "gen_ai.choice" }],
                links: [{ traceId: TRACE, spanId: PARENT }],
                status: { code: 2, message: "boom" },
                ...overrides,
              },
            ],
          },
        ],
      },
    ],
  };
}

/** The same span as protobufjs' toObject gives it (ids base64, int64 strings, enums numbers). */
function protobufObject() {
  const json = jsonRequest();
  const span = json.resourceSpans[0]?.scopeSpans[0]?.spans[0] as Record<string, unknown>;
  Object.assign(span, {
    traceId: b64(TRACE),
    spanId: b64(SPAN),
    parentSpanId: b64(PARENT),
    endTimeUnixNano: "1700000000500000000",
    attributes: (span.attributes as { key: string; value: Record<string, unknown> }[]).map((kv) =>
      kv.key === "gen_ai.usage.input_tokens" ? { key: kv.key, value: { intValue: "42" } } : kv,
    ),
    links: [{ traceId: b64(TRACE), spanId: b64(PARENT) }],
  });
  return json;
}

function only(items: ReturnType<typeof normaliseTraceRequest>): NormalisedSpan {
  const [item] = items;
  if (!item?.span) throw new Error(`no span: ${JSON.stringify(items)}`);
  return item.span;
}

describe("normaliseTraceRequest", () => {
  it("gives the same canonical context for the JSON and the protobuf form of a span", () => {
    const fromJson = only(normaliseTraceRequest(jsonRequest(), "hex"));
    const fromProto = only(normaliseTraceRequest(protobufObject(), "base64"));
    expect(fromProto).toEqual(fromJson);
    const agent = "weather";
    expect(canonicalContext(spanContextInput(fromProto, agent)).canonical).toBe(
      canonicalContext(spanContextInput(fromJson, agent)).canonical,
    );
  });

  it("normalises ids, times, attributes, events, links, status, resource and scope", () => {
    const span = only(normaliseTraceRequest(jsonRequest(), "hex"));
    expect(span).toMatchObject({
      trace_id: TRACE,
      span_id: SPAN,
      parent_span_id: PARENT,
      kind: "client",
      start_time_unix_nano: "1700000000000000001",
      end_time_unix_nano: "1700000000500000000",
      status: { code: "error", message: "boom" },
      attributes: {
        "gen_ai.usage.input_tokens": "42",
        temperature: 0.5,
        blob: "AQID",
        list: ["1", true],
        map: { k: "v" },
      },
      events: [{ time_unix_nano: "1700000000100000000", name: "gen_ai.choice", attributes: {} }],
      links: [{ trace_id: TRACE, span_id: PARENT, trace_state: "", flags: 0 }],
      resource: { attributes: { "service.name": "weather" } },
      scope: { name: "agents", version: "1.0.0", attributes: {} },
    });
  });

  it("refuses a span with a bad id alone, and a request that is not OTLP whole", () => {
    const items = normaliseTraceRequest(jsonRequest({ spanId: "xyz" }), "hex");
    expect(items).toEqual([{ problem: expect.stringContaining("spanId is not hex") }]);
    expect(normaliseTraceRequest(jsonRequest({ traceId: "" }), "hex")[0]?.problem).toMatch(/trace id/);
    expect(() => normaliseTraceRequest({ resourceSpans: {} }, "hex")).toThrow(/must be an array/);
    expect(() => normaliseTraceRequest(jsonRequest({ startTimeUnixNano: 1.5 }), "hex")).toThrow(/integer/);
  });

  it("keeps NaN and infinities as strings, and refuses nesting deeper than the limit", () => {
    const span = only(
      normaliseTraceRequest(
        jsonRequest({ attributes: [{ key: "x", value: { doubleValue: "Infinity" } }] }),
        "hex",
      ),
    );
    expect(span.attributes.x).toBe("Infinity");
    let deep: Record<string, unknown> = { stringValue: "leaf" };
    for (let i = 0; i < 40; i++) deep = { arrayValue: { values: [deep] } };
    const items = normaliseTraceRequest(jsonRequest({ attributes: [{ key: "d", value: deep }] }), "hex");
    expect(items[0]?.problem).toMatch(/nested too deep/);
  });
});

describe("deriveAgentId", () => {
  const span = (attrs: Record<string, string>, resource: Record<string, string> = {}) =>
    ({ attributes: attrs, resource: { attributes: resource } }) as unknown as NormalisedSpan;

  it("takes the first found, in the documented order", () => {
    const all = { "ctxlog.agent_id": "a-span", "gen_ai.agent.id": "gid", "gen_ai.agent.name": "Planner" };
    expect(deriveAgentId(span(all, { "ctxlog.agent_id": "a-res", "service.name": "svc" }))).toEqual({
      agentId: "a-span",
      source: "explicit",
    });
    expect(deriveAgentId(span({ "gen_ai.agent.id": "gid" }, { "ctxlog.agent_id": "a-res" }))).toEqual({
      agentId: "a-res",
      source: "explicit",
    });
    expect(deriveAgentId(span({ "gen_ai.agent.id": "gid", "gen_ai.agent.name": "p" }))).toEqual({
      agentId: "gid",
      source: "named",
    });
    expect(deriveAgentId(span({ "gen_ai.agent.name": "planner" }, { "service.name": "svc" }))).toEqual({
      agentId: "svc/planner",
      source: "named",
    });
    expect(deriveAgentId(span({}, { "service.name": "svc" }))).toEqual({ agentId: "svc", source: "service" });
    expect(deriveAgentId(span({}))).toEqual({ problem: expect.stringMatching(/no agent id/) });
    expect(deriveAgentId(span({ "gen_ai.agent.name": "Triage Agent" }))).toEqual({
      problem: expect.stringMatching(/not a valid agent_id/),
      source: "named",
      suggestion: "Triage-Agent",
    });
  });
});
