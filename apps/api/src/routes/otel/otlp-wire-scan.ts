import { Reader } from "protobufjs/minimal";

/*
 * A pass over an ExportTraceServiceRequest's protobuf wire format that allocates none of it: it
 * walks ResourceSpans → ScopeSpans → Span by their field tags with protobufjs' Reader, skipping
 * lengths, and finds where each resource, scope and span lies and how many fields each holds
 * (attributes, events, links and their values, nested). The decoder then refuses a request by
 * these counts before decoding anything, and decodes the rest piece by piece (decode-otlp-request.ts).
 */

/** [start, end) of a field's bytes in the body. */
export type Range = readonly [number, number];

export interface WirePiece {
  range: Range;
  /** fields inside it, nested ones included */
  values: number;
  /** nested deeper than MAX_WIRE_DEPTH: not decoded */
  tooDeep: boolean;
}

export interface ScopePlan {
  scope?: WirePiece;
  schemaUrl?: Range;
  spans: WirePiece[];
}

export interface ResourcePlan {
  resource?: WirePiece;
  schemaUrl?: Range;
  scopes: ScopePlan[];
}

/** The wire is not an ExportTraceServiceRequest (a 400). */
export class WireFormatError extends Error {
  override readonly name = "WireFormatError";
}

/** More spans or groups than allowed (a 413): the scan stopped there. */
export class WireLimitError extends Error {
  override readonly name = "WireLimitError";
  constructor(
    readonly what: "spans" | "groups",
    readonly limit: number,
  ) {
    super(`more than ${limit} ${what}`);
  }
}

/** Nesting (messages in messages) below a span, resource or scope beyond which it is not decoded. */
export const MAX_WIRE_DEPTH = 64;

type Kind =
  | "request"
  | "resourceSpans"
  | "scopeSpans"
  | "resource"
  | "scope"
  | "span"
  | "event"
  | "link"
  | "status"
  | "keyValue"
  | "anyValue"
  | "arrayValue"
  | "keyValueList";

// the message-typed fields of each message of opentelemetry-proto's trace request (field → type)
const CHILDREN: Record<Kind, Partial<Record<number, Kind>>> = {
  request: { 1: "resourceSpans" },
  resourceSpans: { 1: "resource", 2: "scopeSpans" },
  scopeSpans: { 1: "scope", 2: "span" },
  resource: { 1: "keyValue" },
  scope: { 3: "keyValue" },
  span: { 9: "keyValue", 11: "event", 13: "link", 15: "status" },
  event: { 3: "keyValue" },
  link: { 5: "keyValue" },
  status: {},
  keyValue: { 2: "anyValue" },
  anyValue: { 5: "arrayValue", 6: "keyValueList" },
  arrayValue: { 1: "anyValue" },
  keyValueList: { 1: "keyValue" },
};
const PIECES = new Set<Kind>(["resource", "scope", "span"]);
const SCHEMA_URL = 3; // in ResourceSpans and ScopeSpans

interface Frame {
  kind: Kind;
  end: number;
}

export interface WireScanLimits {
  maxSpans: number;
  /** ResourceSpans and ScopeSpans, together */
  maxGroups: number;
  /** bytes scanned between two pauses (`null` yields) */
  sliceBytes?: number;
}

/**
 * Scans `body`: returns the request's plan, yielding `null` every `sliceBytes` so the caller may
 * pause. Throws WireLimitError at the first span or group past the limits, WireFormatError on
 * bytes that are not a well-formed request.
 */
export function* scanTraceRequest(body: Uint8Array, limits: WireScanLimits): Generator<null, ResourcePlan[]> {
  const slice = limits.sliceBytes ?? 64 * 1024;
  const reader = Reader.create(body);
  const groups: ResourcePlan[] = [];
  const stack: Frame[] = [{ kind: "request", end: body.length }];
  let spans = 0;
  let groupCount = 0;
  let nextPause = slice;
  // the piece (resource, scope or span) being scanned, and the stack depth it starts at
  let piece: WirePiece | undefined;
  let pieceDepth = 0;

  try {
    while (stack.length > 0) {
      if (reader.pos >= nextPause) {
        yield null;
        nextPause = reader.pos + slice;
      }
      const frame = stack[stack.length - 1] as Frame;
      if (reader.pos >= frame.end) {
        if (reader.pos > frame.end) throw new WireFormatError("a length runs past its message");
        stack.pop();
        if (piece && stack.length === pieceDepth) piece = undefined;
        continue;
      }
      const tag = reader.uint32();
      const field = tag >>> 3;
      const wireType = tag & 7;
      if (field === 0) throw new WireFormatError("field number 0");
      if (piece) piece.values++;
      const child = CHILDREN[frame.kind][field];
      if (wireType !== 2) {
        if (child !== undefined)
          throw new WireFormatError(`field ${field} of ${frame.kind} is not a message`);
        reader.skipType(wireType);
        continue;
      }
      const length = reader.uint32();
      const start = reader.pos;
      const end = start + length;
      if (end > frame.end) throw new WireFormatError("a length runs past its message");
      if (child === undefined) {
        if (field === SCHEMA_URL && frame.kind === "resourceSpans")
          (groups.at(-1) as ResourcePlan).schemaUrl = [start, end];
        if (field === SCHEMA_URL && frame.kind === "scopeSpans") lastScope(groups).schemaUrl = [start, end];
        reader.pos = end;
        continue;
      }
      if (piece && stack.length - pieceDepth >= MAX_WIRE_DEPTH) {
        piece.tooDeep = true;
        reader.pos = end;
        continue;
      }
      if (child === "resourceSpans" || child === "scopeSpans") {
        if (++groupCount > limits.maxGroups) throw new WireLimitError("groups", limits.maxGroups);
        if (child === "resourceSpans") groups.push({ scopes: [] });
        else (groups.at(-1) as ResourcePlan).scopes.push({ spans: [] });
      } else if (PIECES.has(child)) {
        piece = { range: [start, end], values: 0, tooDeep: false };
        pieceDepth = stack.length;
        if (child === "span") {
          if (++spans > limits.maxSpans) throw new WireLimitError("spans", limits.maxSpans);
          lastScope(groups).spans.push(piece);
        } else if (child === "scope") {
          lastScope(groups).scope = piece; // a message field sent twice: the last one is kept
        } else {
          (groups.at(-1) as ResourcePlan).resource = piece;
        }
      }
      stack.push({ kind: child, end });
    }
  } catch (err) {
    if (err instanceof WireLimitError || err instanceof WireFormatError) throw err;
    // the Reader's own errors: a varint or length past the end, a bad wire type, too deep groups
    throw new WireFormatError(err instanceof Error ? err.message : String(err));
  }
  return groups;
}

function lastScope(groups: ResourcePlan[]): ScopePlan {
  return (groups.at(-1) as ResourcePlan).scopes.at(-1) as ScopePlan;
}
