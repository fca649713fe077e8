import { isUtf8 } from "node:buffer";
import {
  AppError,
  type JsonPath,
  type JsonPiece,
  JsonScanError,
  jsonSkeleton,
  normaliseResource,
  normaliseScope,
  normaliseSpanItem,
  OtlpShapeError,
  type OtlpSpanItem,
  SpanProblem,
  scanJson,
} from "@ctxlog/core";
import type { RequestHandler } from "express";
import { EventLoopSlicer } from "../../http/event-loop-slices";
import { decodeResource, decodeScope, decodeSpan } from "./otlp-protobuf";
import {
  type Range,
  type ResourcePlan,
  scanTraceRequest,
  WireFormatError,
  WireLimitError,
  type WirePiece,
} from "./otlp-wire-scan";
import {
  MAX_OTLP_GROUPS,
  MAX_OTLP_PIECE_VALUES,
  MAX_OTLP_SKELETON_VALUES,
  MAX_OTLP_SPANS,
  type OtlpEncoding,
  otlpEncodingOf,
} from "./read-otlp-body";

/**
 * OTLP bodies in two steps, so that the rate limit is charged between them, by the spans counted:
 * `scanOtlpBody` finds the spans without decoding them (otlp-wire-scan.ts for protobuf, core's
 * scanJson for JSON) and refuses a body past MAX_OTLP_SPANS spans or MAX_OTLP_GROUPS groups (413)
 * at the first one past; `decodeOtlpBody` then decodes span by span, pausing for the event loop
 * every EventLoopSlicer slice. A span (or resource, scope) with more than MAX_OTLP_PIECE_VALUES
 * values is refused alone without being decoded (decoding it could hold the event loop too long).
 */

/** What scanOtlpBody leaves in `req.body` for the rate limit and decodeOtlpBody. */
export interface ScannedOtlp {
  encoding: OtlpEncoding;
  bytes: Buffer;
  spans: number;
  plan: ResourcePlan[] | { skeleton: unknown; pieces: JsonPiece[] };
}

const tooMany = (what: string, limit: number) =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    what === "spans"
      ? `The request carries more than ${limit} spans (the SDK sends 512 at most by default).`
      : `The request carries more than ${limit} resource and scope groups.`,
  );
const notProtobuf = () =>
  new AppError("VALIDATION_ERROR", "The request body is not an OTLP ExportTraceServiceRequest in protobuf.");
const notJson = () => new AppError("INVALID_JSON", "The request body is not valid JSON.");
const notOtlp = (err: OtlpShapeError) =>
  new AppError("VALIDATION_ERROR", `The body is not an OTLP ExportTraceServiceRequest: ${err.message}.`);

const RS = "resourceSpans";
const isIndex = (v: unknown) => typeof v === "number";
const isSpanPath = (p: JsonPath) =>
  p.length === 6 &&
  p[0] === RS &&
  isIndex(p[1]) &&
  p[2] === "scopeSpans" &&
  isIndex(p[3]) &&
  p[4] === "spans" &&
  isIndex(p[5]);
const isResourcePath = (p: JsonPath) => p.length === 3 && p[0] === RS && isIndex(p[1]) && p[2] === "resource";
const isScopePath = (p: JsonPath) =>
  p.length === 5 &&
  p[0] === RS &&
  isIndex(p[1]) &&
  p[2] === "scopeSpans" &&
  isIndex(p[3]) &&
  p[4] === "scope";
const isGroupPath = (p: JsonPath) =>
  (p.length === 2 && p[0] === RS && isIndex(p[1])) ||
  (p.length === 4 && p[0] === RS && isIndex(p[1]) && p[2] === "scopeSpans" && isIndex(p[3]));

async function scanJsonRequest(bytes: Buffer, slicer: EventLoopSlicer): Promise<ScannedOtlp> {
  if (!isUtf8(bytes)) throw new AppError("INVALID_JSON", "The request body is not valid UTF-8.");
  if (bytes.length === 0) return { encoding: "json", bytes, spans: 0, plan: { skeleton: {}, pieces: [] } };
  let groups = 0;
  let spans = 0;
  const pieces: JsonPiece[] = [];
  const scan = scanJson(bytes, {
    isPiece: (p) => isSpanPath(p) || isResourcePath(p) || isScopePath(p),
    onSkeletonValue: (p) => {
      if (isGroupPath(p) && ++groups > MAX_OTLP_GROUPS) throw tooMany("groups", MAX_OTLP_GROUPS);
    },
    // deeper than any OTLP span's limit (24 levels of values), shallower than JSON.parse's stack
    maxDepth: 512,
  });
  let skeletonValues: number;
  try {
    for (;;) {
      const next = scan.next();
      if (next.done) {
        skeletonValues = next.value.skeletonValues;
        break;
      }
      if (next.value === null) await slicer.pause();
      else {
        if (isSpanPath(next.value.path) && ++spans > MAX_OTLP_SPANS) throw tooMany("spans", MAX_OTLP_SPANS);
        pieces.push(next.value);
      }
    }
  } catch (err) {
    if (err instanceof JsonScanError) throw notJson();
    throw err;
  }
  if (skeletonValues > MAX_OTLP_SKELETON_VALUES) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The request carries more than ${MAX_OTLP_SKELETON_VALUES} values outside its spans, resources and scopes.`,
    );
  }
  let skeleton: unknown;
  try {
    skeleton = JSON.parse(jsonSkeleton(bytes, pieces));
  } catch {
    throw notJson();
  }
  return { encoding: "json", bytes, spans, plan: { skeleton, pieces } };
}

async function scanProtobufRequest(bytes: Buffer, slicer: EventLoopSlicer): Promise<ScannedOtlp> {
  const scan = scanTraceRequest(bytes, { maxSpans: MAX_OTLP_SPANS, maxGroups: MAX_OTLP_GROUPS });
  try {
    for (;;) {
      const next = scan.next();
      if (next.done) {
        const spans = next.value.reduce(
          (n, rs) => n + rs.scopes.reduce((m, ss) => m + ss.spans.length, 0),
          0,
        );
        return { encoding: "protobuf", bytes, spans, plan: next.value };
      }
      await slicer.pause();
    }
  } catch (err) {
    if (err instanceof WireLimitError) throw tooMany(err.what, err.limit);
    if (err instanceof WireFormatError) throw notProtobuf();
    throw err;
  }
}

const tooBig = (what: string) =>
  new SpanProblem(`the ${what} has more than ${MAX_OTLP_PIECE_VALUES} values, the most one may hold`);

/** The spans of a scanned protobuf request, each decoded on its own. */
async function decodeProtobuf(scanned: ScannedOtlp, plan: ResourcePlan[], slicer: EventLoopSlicer) {
  const { bytes } = scanned;
  const text = (range: Range | undefined) => (range ? bytes.toString("utf8", range[0], range[1]) : undefined);
  const sub = (piece: WirePiece) => bytes.subarray(piece.range[0], piece.range[1]);
  const heavy = (piece: WirePiece | undefined) =>
    piece !== undefined && (piece.tooDeep || piece.values > MAX_OTLP_PIECE_VALUES);
  const items: OtlpSpanItem[] = [];
  for (const [r, rs] of plan.entries()) {
    const rsPath = `resourceSpans[${r}]`;
    const resource = heavy(rs.resource)
      ? tooBig("resource")
      : normaliseResource(
          { resource: rs.resource && decodeResource(sub(rs.resource)), schemaUrl: text(rs.schemaUrl) },
          rsPath,
        );
    for (const [s, ss] of rs.scopes.entries()) {
      const ssPath = `${rsPath}.scopeSpans[${s}]`;
      const scope = heavy(ss.scope)
        ? tooBig("scope")
        : normaliseScope(
            { scope: ss.scope && decodeScope(sub(ss.scope)), schemaUrl: text(ss.schemaUrl) },
            ssPath,
          );
      for (const [i, span] of ss.spans.entries()) {
        const path = `${ssPath}.spans[${i}]`;
        if (heavy(span)) {
          items.push({ problem: `${path}: ${tooBig("span").message}` });
        } else {
          items.push(normaliseSpanItem(decodeSpan(sub(span)), path, "base64", resource, scope));
        }
        await slicer.pause();
      }
    }
  }
  return items;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
/** As the normalisers read arrays: absent is empty, anything else but an array is not OTLP. */
function arrayAt(value: unknown, path: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new OtlpShapeError(path, "must be an array");
  return value;
}

/**
 * The spans of a scanned JSON request: its skeleton, each resource, scope and span parsed on its
 * own where the skeleton has its index, then normalised as normaliseTraceRequest would.
 */
async function decodeJson(bytes: Buffer, skeleton: unknown, pieces: JsonPiece[], slicer: EventLoopSlicer) {
  const parse = (index: unknown, what: string): unknown => {
    const piece = typeof index === "number" ? pieces[index] : undefined;
    if (!piece) return index;
    if (piece.values > MAX_OTLP_PIECE_VALUES) throw tooBig(what);
    try {
      return JSON.parse(bytes.toString("utf8", piece.start, piece.end));
    } catch {
      throw notJson();
    }
  };
  /** the group's piece put in place, or the problem that refuses its spans */
  const inPlace = (group: unknown, field: string): SpanProblem | undefined => {
    if (!isRecord(group)) return undefined;
    try {
      group[field] = parse(group[field], field);
      return undefined;
    } catch (err) {
      if (err instanceof SpanProblem) return err;
      throw err;
    }
  };
  const items: OtlpSpanItem[] = [];
  const body = skeleton === null ? {} : skeleton;
  if (!isRecord(body)) throw new OtlpShapeError("request", "must be an object");
  for (const [r, rs] of arrayAt(body.resourceSpans, RS).entries()) {
    const rsPath = `resourceSpans[${r}]`;
    const resource = inPlace(rs, "resource") ?? normaliseResource(rs, rsPath);
    const scopeSpans = isRecord(rs) ? rs.scopeSpans : undefined;
    for (const [s, ss] of arrayAt(scopeSpans, `${rsPath}.scopeSpans`).entries()) {
      const ssPath = `${rsPath}.scopeSpans[${s}]`;
      const scope = inPlace(ss, "scope") ?? normaliseScope(ss, ssPath);
      const spans = isRecord(ss) ? ss.spans : undefined;
      for (const [i, spanIndex] of arrayAt(spans, `${ssPath}.spans`).entries()) {
        const path = `${ssPath}.spans[${i}]`;
        let span: unknown;
        try {
          span = parse(spanIndex, "span");
        } catch (err) {
          if (!(err instanceof SpanProblem)) throw err;
          items.push({ problem: `${path}: ${err.message}` });
          continue;
        }
        items.push(normaliseSpanItem(span, path, "hex", resource, scope));
        await slicer.pause();
      }
    }
  }
  return items;
}

/**
 * After the body is read (read-otlp-body.ts): finds and counts its spans without decoding them;
 * `req.body` becomes a ScannedOtlp, whose `spans` the rate limit charges (`otlpSpanCount`).
 */
export const scanOtlpBody: RequestHandler = async (req, _res, next) => {
  const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const slicer = new EventLoopSlicer();
  const encoding = otlpEncodingOf(req);
  req.body =
    encoding === "protobuf" ? await scanProtobufRequest(bytes, slicer) : await scanJsonRequest(bytes, slicer);
  next();
};

/** After the rate limit: `req.body` becomes the request's spans (OtlpSpanItem[]), decoded one by one. */
export const decodeOtlpBody: RequestHandler = async (req, _res, next) => {
  const scanned = req.body as ScannedOtlp;
  const slicer = new EventLoopSlicer();
  try {
    req.body = Array.isArray(scanned.plan)
      ? await decodeProtobuf(scanned, scanned.plan, slicer)
      : await decodeJson(scanned.bytes, scanned.plan.skeleton, scanned.plan.pieces, slicer);
  } catch (err) {
    if (err instanceof OtlpShapeError) throw notOtlp(err);
    if (err instanceof AppError) throw err;
    // protobufjs' decode errors, or a stack overflow on hostile nesting
    throw scanned.encoding === "json" ? notJson() : notProtobuf();
  }
  next();
};

/** The spans scanOtlpBody counted: the export's rate-limit cost. */
export function otlpSpanCount(body: unknown): number {
  return (body as ScannedOtlp).spans;
}
