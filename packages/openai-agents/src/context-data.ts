// A finished span as a context's `context_data`: { kind, name, input?, output?, error?, started_at,
// ended_at, duration_ms, model?, usage?, …the span type's own fields }.
import type { Span, SpanData } from "@openai/agents-core";
import { jsonText, utf8Length } from "./json-snapshot";
import { spanStep } from "./span-step";

/** The API's limit on context_data (MAX_CONTEXT_DATA_BYTES), as compact UTF-8 JSON. */
export const MAX_CONTEXT_DATA_BYTES = 256 * 1024;

export interface RecordOptions {
  recordInputs: boolean;
  recordOutputs: boolean;
}

const durationMs = (startedAt: string | null, endedAt: string | null): number | undefined => {
  if (!startedAt || !endedAt) return undefined;
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  return Number.isFinite(ms) ? ms : undefined;
};

/**
 * The context_data of a finished span, as a JSON copy. When it is over the API's 256 KiB (a long
 * conversation's model input), the input is left out, then the output, each replaced by a note of
 * its size, so the step is still logged.
 */
export function spanContextData(span: Span<SpanData>, options: RecordOptions): Record<string, unknown> {
  const step = spanStep(span.spanData);
  const data: Record<string, unknown> = { kind: step.kind, name: step.name, ...step.fields };
  if (options.recordInputs && step.input !== undefined) data.input = step.input;
  if (options.recordOutputs && step.output !== undefined) data.output = step.output;
  if (span.error) data.error = span.error;
  if (span.startedAt) data.started_at = span.startedAt;
  if (span.endedAt) data.ended_at = span.endedAt;
  const duration = durationMs(span.startedAt, span.endedAt);
  if (duration !== undefined) data.duration_ms = duration;
  return fitted(data);
}

/** Each field copied on its own, so one without a JSON form (a cycle) costs that field alone. */
function copied(data: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const text = jsonText(value);
    if (text !== undefined) copy[key] = JSON.parse(text);
  }
  return copy;
}

function fitted(original: Record<string, unknown>): Record<string, unknown> {
  const data = copied(original);
  for (const field of ["input", "output"] as const) {
    if (utf8Length(JSON.stringify(data)) <= MAX_CONTEXT_DATA_BYTES) break;
    if (data[field] === undefined) continue;
    const bytes = utf8Length(JSON.stringify(data[field]));
    data[field] = { unrecorded: `over the ${MAX_CONTEXT_DATA_BYTES}-byte limit of a context`, bytes };
  }
  return data;
}
