import {
  arrayAt,
  idAt,
  int64At,
  keyValues,
  type OtelJsonObject,
  OtlpShapeError,
  recordAt,
  SpanProblem,
  stringAt,
  uint32At,
} from "./any-value";

const SPAN_KINDS = ["unspecified", "internal", "server", "client", "producer", "consumer"] as const;
const STATUS_CODES = ["unset", "ok", "error"] as const;

/**
 * One span as ctxlog stores it (a context's context_data): the whole span, its resource and its
 * instrumentation scope, with every field present (defaults filled in) so the protobuf and JSON
 * encodings of the same span give the same canonical JSON, hence the same context_hash.
 */
export interface NormalisedSpan {
  [key: string]: OtelJsonObject[string];
  trace_id: string;
  span_id: string;
  parent_span_id: string;
  trace_state: string;
  flags: number;
  name: string;
  kind: (typeof SPAN_KINDS)[number];
  start_time_unix_nano: string;
  end_time_unix_nano: string;
  attributes: OtelJsonObject;
  dropped_attributes_count: number;
  events: OtelJsonObject[];
  dropped_events_count: number;
  links: OtelJsonObject[];
  dropped_links_count: number;
  status: { code: (typeof STATUS_CODES)[number]; message: string };
  resource: { attributes: OtelJsonObject; dropped_attributes_count: number; schema_url: string };
  scope: {
    name: string;
    version: string;
    attributes: OtelJsonObject;
    dropped_attributes_count: number;
    schema_url: string;
  };
}

/** Each span of a request, in the order sent: normalised, or the reason it cannot be. */
export type OtlpSpanItem =
  | { span: NormalisedSpan; problem?: undefined }
  | { span?: undefined; problem: string };

/** OTLP/JSON enums are integers; proto3 JSON also allows their names (SPAN_KIND_CLIENT). */
function enumAt<T extends string>(value: unknown, path: string, names: readonly T[], prefix: string): T {
  if (value === undefined || value === null) return names[0] as T;
  if (typeof value === "number" && Number.isInteger(value)) {
    return names[value] ?? (names[0] as T); // an unknown enum value reads as the default, as protobuf does
  }
  if (typeof value === "string") {
    const name = value.startsWith(prefix) ? value.slice(prefix.length).toLowerCase() : "";
    const found = names.find((n) => n === name);
    if (found) return found;
  }
  throw new OtlpShapeError(path, `must be one of ${prefix}* (or its number)`);
}

function normaliseEvent(value: unknown, path: string): OtelJsonObject {
  const event = recordAt(value, path);
  return {
    time_unix_nano: int64At(event.timeUnixNano, `${path}.timeUnixNano`, true),
    name: stringAt(event.name, `${path}.name`),
    attributes: keyValues(event.attributes, `${path}.attributes`),
    dropped_attributes_count: uint32At(event.droppedAttributesCount, `${path}.droppedAttributesCount`),
  };
}

function normaliseLink(value: unknown, path: string, ids: "hex" | "base64"): OtelJsonObject {
  const link = recordAt(value, path);
  return {
    trace_id: idAt(link.traceId, `${path}.traceId`, 16, ids),
    span_id: idAt(link.spanId, `${path}.spanId`, 8, ids),
    trace_state: stringAt(link.traceState, `${path}.traceState`),
    attributes: keyValues(link.attributes, `${path}.attributes`),
    dropped_attributes_count: uint32At(link.droppedAttributesCount, `${path}.droppedAttributesCount`),
    flags: uint32At(link.flags, `${path}.flags`),
  };
}

function normaliseSpan(
  value: unknown,
  path: string,
  ids: "hex" | "base64",
  resource: NormalisedSpan["resource"],
  scope: NormalisedSpan["scope"],
): NormalisedSpan {
  const s = recordAt(value, path);
  const status = recordAt(s.status, `${path}.status`);
  const span: NormalisedSpan = {
    trace_id: idAt(s.traceId, `${path}.traceId`, 16, ids),
    span_id: idAt(s.spanId, `${path}.spanId`, 8, ids),
    parent_span_id: idAt(s.parentSpanId, `${path}.parentSpanId`, 8, ids),
    trace_state: stringAt(s.traceState, `${path}.traceState`),
    flags: uint32At(s.flags, `${path}.flags`),
    name: stringAt(s.name, `${path}.name`),
    kind: enumAt(s.kind, `${path}.kind`, SPAN_KINDS, "SPAN_KIND_"),
    start_time_unix_nano: int64At(s.startTimeUnixNano, `${path}.startTimeUnixNano`, true),
    end_time_unix_nano: int64At(s.endTimeUnixNano, `${path}.endTimeUnixNano`, true),
    attributes: keyValues(s.attributes, `${path}.attributes`),
    dropped_attributes_count: uint32At(s.droppedAttributesCount, `${path}.droppedAttributesCount`),
    events: arrayAt(s.events, `${path}.events`).map((e, i) => normaliseEvent(e, `${path}.events[${i}]`)),
    dropped_events_count: uint32At(s.droppedEventsCount, `${path}.droppedEventsCount`),
    links: arrayAt(s.links, `${path}.links`).map((l, i) => normaliseLink(l, `${path}.links[${i}]`, ids)),
    dropped_links_count: uint32At(s.droppedLinksCount, `${path}.droppedLinksCount`),
    status: {
      code: enumAt(status.code, `${path}.status.code`, STATUS_CODES, "STATUS_CODE_"),
      message: stringAt(status.message, `${path}.status.message`),
    },
    resource,
    scope,
  };
  if (span.trace_id === "" || /^0+$/.test(span.trace_id))
    throw new SpanProblem("the trace id is missing or zero");
  if (span.span_id === "" || /^0+$/.test(span.span_id))
    throw new SpanProblem("the span id is missing or zero");
  return span;
}

type Resource = NormalisedSpan["resource"];
type Scope = NormalisedSpan["scope"];

/** A ResourceSpans' resource, or the problem that refuses each of its spans. */
export function normaliseResource(rsValue: unknown, rsPath: string): Resource | SpanProblem {
  const rs = recordAt(rsValue, rsPath);
  try {
    const res = recordAt(rs.resource, `${rsPath}.resource`);
    return {
      attributes: keyValues(res.attributes, `${rsPath}.resource.attributes`),
      dropped_attributes_count: uint32At(
        res.droppedAttributesCount,
        `${rsPath}.resource.droppedAttributesCount`,
      ),
      schema_url: stringAt(rs.schemaUrl, `${rsPath}.schemaUrl`),
    };
  } catch (err) {
    if (!(err instanceof SpanProblem)) throw err;
    return err;
  }
}

/** A ScopeSpans' instrumentation scope, or the problem that refuses each of its spans. */
export function normaliseScope(ssValue: unknown, ssPath: string): Scope | SpanProblem {
  const ss = recordAt(ssValue, ssPath);
  try {
    const sc = recordAt(ss.scope, `${ssPath}.scope`);
    return {
      name: stringAt(sc.name, `${ssPath}.scope.name`),
      version: stringAt(sc.version, `${ssPath}.scope.version`),
      attributes: keyValues(sc.attributes, `${ssPath}.scope.attributes`),
      dropped_attributes_count: uint32At(sc.droppedAttributesCount, `${ssPath}.scope.droppedAttributesCount`),
      schema_url: stringAt(ss.schemaUrl, `${ssPath}.schemaUrl`),
    };
  } catch (err) {
    if (!(err instanceof SpanProblem)) throw err;
    return err;
  }
}

/** One span of a ScopeSpans, normalised, or the reason it cannot be (then alone refused). */
export function normaliseSpanItem(
  spanValue: unknown,
  path: string,
  ids: "hex" | "base64",
  resource: Resource | SpanProblem,
  scope: Scope | SpanProblem,
): OtlpSpanItem {
  try {
    if (resource instanceof SpanProblem) throw resource;
    if (scope instanceof SpanProblem) throw scope;
    return { span: normaliseSpan(spanValue, path, ids, resource, scope) };
  } catch (err) {
    if (!(err instanceof SpanProblem)) throw err;
    return { problem: `${path}: ${err.message}` };
  }
}

/**
 * An ExportTraceServiceRequest, as OTLP/JSON parsed or as protobufjs' `toObject` gives it (field
 * names in lowerCamelCase; `ids`: how trace and span ids arrive, hex in JSON, base64 from
 * protobufjs), flattened to one normalised span each. Throws OtlpShapeError when the request is
 * not OTLP at all; a span that is OTLP but unusable (bad ids, nested too deep) is an item with its
 * problem, and the others are kept. Unknown fields are ignored, as OTLP receivers must. (The API
 * decodes a request span by span with the three functions above, in slices of the event loop.)
 */
export function normaliseTraceRequest(request: unknown, ids: "hex" | "base64"): OtlpSpanItem[] {
  const items: OtlpSpanItem[] = [];
  const body = recordAt(request, "request");
  arrayAt(body.resourceSpans, "resourceSpans").forEach((rsValue, r) => {
    const rsPath = `resourceSpans[${r}]`;
    const resource = normaliseResource(rsValue, rsPath);
    const rs = recordAt(rsValue, rsPath);
    arrayAt(rs.scopeSpans, `${rsPath}.scopeSpans`).forEach((ssValue, s) => {
      const ssPath = `${rsPath}.scopeSpans[${s}]`;
      const scope = normaliseScope(ssValue, ssPath);
      const ss = recordAt(ssValue, ssPath);
      arrayAt(ss.spans, `${ssPath}.spans`).forEach((spanValue, i) => {
        items.push(normaliseSpanItem(spanValue, `${ssPath}.spans[${i}]`, ids, resource, scope));
      });
    });
  });
  return items;
}
