import { isUtf8 } from "node:buffer";
import {
  AppError,
  findJsonHazard,
  type JsonPiece,
  JsonScanError,
  jsonSkeleton,
  scanJson,
} from "@ctxlog/core";
import type { Request, RequestHandler } from "express";
import { EventLoopSlicer } from "./event-loop-slices";
import { hasBody, readBody } from "./read-body";

/** Largest accepted body: context_data (256 KiB) + metadata (16 KiB) + the envelope around them. */
export const MAX_BODY_BYTES = 300 * 1024;
export const MAX_JSON_DEPTH = 32;

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH"]);
/** A batch's values outside its items (the envelope is a few flat fields). */
const MAX_ENVELOPE_VALUES = 1_000;

/** A body that is not JSON is refused before it is read; an empty body is left for validation. */
const requireJsonContentType: RequestHandler = (req, _res, next) => {
  if (METHODS_WITH_BODY.has(req.method) && hasBody(req) && !req.is("application/json")) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the body as JSON with Content-Type: application/json.",
    );
  }
  next();
};

/**
 * Rejects parsed bodies that JSON allows but we must not store or merge: `__proto__` keys,
 * hostile nesting, NUL characters and lone surrogates (PostgreSQL's jsonb refuses the last two).
 * With `itemsOf`, each item of that array field is checked on its own (nesting counted from the
 * item, as in a single-item request) and every bad item is listed with its index.
 */
function rejectJsonHazards(itemsOf: string | undefined): RequestHandler {
  return (req, _res, next) => {
    const body: unknown = req.body;
    const items = itemsOf && isObject(body) ? body[itemsOf] : undefined;
    // the envelope around the items must be flat: a single level of fields
    const envelope = isObject(body) && itemsOf ? { ...body, [itemsOf]: [] } : undefined;
    if (itemsOf && Array.isArray(items) && findJsonHazard(envelope, { maxDepth: 2 }) === null) {
      const details = items.flatMap((item: unknown, index) => {
        const hazard = findJsonHazard(item, { maxDepth: MAX_JSON_DEPTH });
        if (!hazard) return [];
        const inner = hazard.path === "" || hazard.path.startsWith("[") ? hazard.path : `.${hazard.path}`;
        const path = `${itemsOf}[${index}]${inner}`;
        return [{ index, code: "VALIDATION_ERROR", path, message: hazard.reason }];
      });
      const first = details[0];
      if (first) {
        throw new AppError("VALIDATION_ERROR", `Invalid value at ${first.path}: ${first.message}.`, {
          details,
        });
      }
    } else if (body !== undefined) {
      const hazard = findJsonHazard(body, { maxDepth: MAX_JSON_DEPTH });
      if (hazard) {
        throw new AppError("VALIDATION_ERROR", `Invalid value at ${hazard.path}: ${hazard.reason}.`, {
          details: [{ path: hazard.path, message: hazard.reason }],
        });
      }
    }
    next();
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const invalidJson = () => new AppError("INVALID_JSON", "The request body is not valid JSON.");

/** The body as JSON.parse reads it: a leading byte-order mark dropped (as body-parser did). */
function parseText(bytes: Uint8Array): unknown {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  // strict: an object or an array, as express.json({ strict: true }) took
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[") throw invalidJson();
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson();
  }
}

/**
 * A batch larger than one context may be (MAX_BODY_BYTES), parsed item by item: scanned first
 * (core's scanJson), each item of `itemsOf` then parsed on its own with pauses for the event loop
 * between them, so no single JSON.parse takes more than one item's (≤ MAX_BODY_BYTES: ~30 ms at
 * worst, docs/limits.md). An item larger than MAX_BODY_BYTES is a 413 without being parsed.
 */
async function parseBatch(bytes: Buffer, itemsOf: string): Promise<unknown> {
  const slicer = new EventLoopSlicer();
  const pieces: JsonPiece[] = [];
  const scan = scanJson(bytes, {
    isPiece: (p) => p.length === 2 && p[0] === itemsOf && typeof p[1] === "number",
    maxDepth: 512,
  });
  try {
    for (;;) {
      const next = scan.next();
      if (next.done) {
        if (next.value.skeletonValues > MAX_ENVELOPE_VALUES) {
          throw new AppError(
            "PAYLOAD_TOO_LARGE",
            `The body has more than ${MAX_ENVELOPE_VALUES} values outside ${itemsOf}.`,
          );
        }
        break;
      }
      if (next.value === null) await slicer.pause();
      else if (next.value.end - next.value.start > MAX_BODY_BYTES) {
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          `${itemsOf}[${next.value.path[1]}] is larger than one item may be (${MAX_BODY_BYTES} bytes).`,
        );
      } else pieces.push(next.value);
    }
  } catch (err) {
    if (err instanceof JsonScanError) throw invalidJson();
    throw err;
  }
  const body = parseText(Buffer.from(jsonSkeleton(bytes, pieces)));
  const items = (body as Record<string, unknown>)[itemsOf];
  if (Array.isArray(items)) {
    for (const [i, index] of items.entries()) {
      const piece = typeof index === "number" ? pieces[index] : undefined;
      if (!piece) continue;
      try {
        items[i] = JSON.parse(bytes.toString("utf8", piece.start, piece.end));
      } catch {
        throw invalidJson();
      }
      await slicer.pause();
    }
  }
  return body;
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/**
 * Reads a JSON body (read-body.ts: at most `limit` bytes sent and as many inflated) and parses
 * it. Runs on the raw bytes before they are decoded: the decoder would turn invalid UTF-8 into
 * U+FFFD, and the hash and signature would then cover text the client never sent. JSON between
 * systems is UTF-8 (RFC 8259 §8.1), so any other charset is refused. No body leaves `req.body`
 * undefined, an empty one is `{}`.
 */
function readJson(limit: number, itemsOf: string | undefined): RequestHandler {
  return async (req: Request, _res, next) => {
    if (!hasBody(req) || !req.is("application/json")) {
      next();
      return;
    }
    const charset = CHARSET.exec(req.headers["content-type"] ?? "")?.[1]?.toLowerCase() ?? "utf-8";
    if (charset !== "utf-8") {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Unsupported charset; send UTF-8 JSON.");
    }
    const bytes = await readBody(req, { maxSentBytes: limit, maxInflatedBytes: limit });
    if (!isUtf8(bytes)) throw new AppError("INVALID_JSON", "The request body is not valid UTF-8.");
    if (bytes.length === 0) req.body = {};
    else if (itemsOf && bytes.length > MAX_BODY_BYTES) req.body = await parseBatch(bytes, itemsOf);
    else req.body = parseText(bytes);
    next();
  };
}

/** `limit`: the largest body in bytes (default MAX_BODY_BYTES); `itemsOf`: see rejectJsonHazards. */
export function jsonBody(opts: { limit?: number; itemsOf?: string } = {}): RequestHandler[] {
  const limit = opts.limit ?? MAX_BODY_BYTES;
  return [requireJsonContentType, readJson(limit, opts.itemsOf), rejectJsonHazards(opts.itemsOf)];
}
