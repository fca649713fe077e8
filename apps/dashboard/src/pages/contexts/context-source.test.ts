import { contextSource } from "./context-source";

const context = (metadata: unknown, context_data: unknown = {}, data_erased_at: string | null = null) =>
  ({ metadata, context_data, data_erased_at }) as Parameters<typeof contextSource>[0];

describe("contextSource", () => {
  it("names the integration, its version and the library's", () => {
    const source = { name: "@ctxlog/openai-agents", version: "0.1.0", library: "@openai/agents-core@0.20.0" };
    expect(contextSource(context({ ctxlog_source: source }))).toBe(
      "@ctxlog/openai-agents 0.1.0 (@openai/agents-core@0.20.0)",
    );
    expect(contextSource(context({ ctxlog_source: { name: "@ctxlog/mcp-proxy" } }))).toBe(
      "@ctxlog/mcp-proxy",
    );
  });

  it("an OTLP span is OpenTelemetry, with its instrumentation scope when it names one", () => {
    const ids = { trace_id: "4bf92f3577b34da6a3ce929d0e0e4736", span_id: "00f067aa0ba902b7" };
    expect(contextSource(context(ids, { scope: { name: "ai", version: "7.0.1" } }))).toBe(
      "OpenTelemetry (ai 7.0.1)",
    );
    expect(contextSource(context(ids, { scope: { name: "", version: "" } }))).toBe("OpenTelemetry");
  });

  it("anything else came through the API; an erased context says nothing", () => {
    expect(contextSource(context({}))).toBe("API");
    expect(contextSource(context({ ctxlog_source: "not an object" }))).toBe("API");
    expect(contextSource(context(null, null, "2026-11-29T10:00:00.000Z"))).toBeNull();
  });
});
