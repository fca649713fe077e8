import { isUtf8 } from "node:buffer";
import { AppError, findJsonHazard } from "@ctxlog/core";
import express, { type RequestHandler } from "express";

/** Largest accepted body: context_data (256 KiB) + metadata (16 KiB) + the envelope around them. */
export const MAX_BODY_BYTES = 300 * 1024;
export const MAX_JSON_DEPTH = 32;

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

function hasBody(req: Parameters<RequestHandler>[0]): boolean {
  const length = req.headers["content-length"];
  if (req.headers["transfer-encoding"] !== undefined) return true;
  return length !== undefined && length !== "0";
}

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

/** An error body-parser passes on with this status and `type` (mapped in errors.ts). */
function bodyError(status: number, type: string, message: string): Error {
  return Object.assign(new Error(message), { status, type });
}

/**
 * Runs on the raw bytes before they are decoded: the decoder would turn invalid UTF-8 into
 * U+FFFD, and the hash and signature would then cover text the client never sent. JSON between
 * systems is UTF-8 (RFC 8259 §8.1), so the UTF-16/32 charsets body-parser also accepts are refused.
 */
function requireUtf8(_req: unknown, _res: unknown, body: Buffer, charset: string): void {
  if (charset !== "utf-8") {
    throw bodyError(415, "charset.unsupported", "unsupported charset");
  }
  if (!isUtf8(body)) throw bodyError(400, "entity.utf8.invalid", "invalid UTF-8");
}

/** `limit`: the largest body in bytes (default MAX_BODY_BYTES); `itemsOf`: see rejectJsonHazards. */
export function jsonBody(opts: { limit?: number; itemsOf?: string } = {}): RequestHandler[] {
  const limit = opts.limit ?? MAX_BODY_BYTES;
  return [
    requireJsonContentType,
    express.json({ limit, strict: true, type: "application/json", verify: requireUtf8 }),
    rejectJsonHazards(opts.itemsOf),
  ];
}
