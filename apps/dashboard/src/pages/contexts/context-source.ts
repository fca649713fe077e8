import { CONTEXT_SOURCE_KEY } from "@ctxlog/sdk/context-source";
import type { Context } from "../../api/schema";

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/**
 * Where a context came from, in words: the integration that logged it (its name and version, and
 * the library's), an OpenTelemetry export (the span's instrumentation scope), or a direct API call.
 * Null when its metadata was erased (nothing is left to say).
 */
export function contextSource(
  context: Pick<Context, "metadata" | "context_data" | "data_erased_at">,
): string | null {
  if (context.data_erased_at) return null;
  const metadata = record(context.metadata) ?? {};
  const source = record(metadata[CONTEXT_SOURCE_KEY]);
  const name = text(source?.name);
  if (name) {
    const version = text(source?.version);
    const library = text(source?.library);
    return [name, version].filter(Boolean).join(" ") + (library ? ` (${library})` : "");
  }
  // a span received over OTLP carries its trace and span ids in metadata (span-context.ts in core)
  if (text(metadata.trace_id) && text(metadata.span_id)) {
    const scope = record(record(context.context_data)?.scope);
    const scopeName = text(scope?.name);
    return scopeName
      ? `OpenTelemetry (${[scopeName, text(scope?.version)].filter(Boolean).join(" ")})`
      : "OpenTelemetry";
  }
  return "API";
}
