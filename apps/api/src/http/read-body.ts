import type { Readable } from "node:stream";
import { createGunzip, createInflate } from "node:zlib";
import { AppError } from "@ctxlog/core";
import type { Request } from "express";

/** The Content-Encodings a body may be sent with; anything else is a 415 before a byte is read. */
export const BODY_ENCODINGS = ["identity", "gzip", "deflate"] as const;
export type BodyEncoding = (typeof BODY_ENCODINGS)[number];

export interface BodyLimits {
  /** the most bytes read off the connection (compressed bytes, when compressed) */
  maxSentBytes: number;
  /** the most bytes the body may inflate to; inflating stops there, the rest is never inflated */
  maxInflatedBytes: number;
}

/** Whether the request says it carries a body (type-is' rule: a length, or a chunked body). */
export function hasBody(req: Request): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const length = req.headers["content-length"];
  return length !== undefined && length !== "0";
}

/**
 * The request's Content-Encoding, if it is one of BODY_ENCODINGS (one coding, case-insensitive);
 * x-gzip, br, zstd, a list of codings (`gzip, gzip`) and anything else are a 415.
 */
export function bodyEncodingOf(req: Request): BodyEncoding {
  const header = req.headers["content-encoding"];
  const coding = (header ?? "identity").trim().toLowerCase();
  if (coding === "" || coding === "identity") return "identity";
  if (coding === "gzip" || coding === "deflate") return coding;
  throw new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    `Content-Encoding ${JSON.stringify(String(header).slice(0, 40))} is not accepted; send the body ` +
      "uncompressed, or with Content-Encoding gzip or deflate.",
  );
}

const aborted = () => new AppError("VALIDATION_ERROR", "The request was aborted before its body was read.");
const tooLarge = (what: string, limit: number) =>
  new AppError("PAYLOAD_TOO_LARGE", `The request body is too large: ${what} over ${limit} bytes.`);

/**
 * Reads the request's body into one Buffer, holding both limits while it reads: the bytes that
 * arrive (a Content-Length above the limit is refused before reading) and the bytes they inflate
 * to. Gzip and deflate are inflated by node:zlib's streams, on libuv's thread pool, not on the
 * event loop; at the inflated limit the inflater is destroyed, so a bomb is never inflated past
 * it. The rest of a refused body is read off and dropped by node's HTTP server once the answer is
 * sent, never kept. Errors are AppErrors: 413 (a limit), 415 (an encoding), 400 (a body that does
 * not inflate, or ends early).
 */
export function readBody(req: Request, limits: BodyLimits): Promise<Buffer> {
  const encoding = bodyEncodingOf(req);
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limits.maxSentBytes) {
    return Promise.reject(tooLarge("Content-Length", limits.maxSentBytes));
  }
  return new Promise<Buffer>((resolve, reject) => {
    // 64 KiB of output per turn of the thread pool (zlib's default is 16 KiB): a quarter of the
    // round trips to the limit, and at most one chunk past it before the inflater is destroyed
    const zlibOptions = { chunkSize: 64 * 1024 };
    const inflater =
      encoding === "gzip"
        ? createGunzip(zlibOptions)
        : encoding === "deflate"
          ? createInflate(zlibOptions)
          : undefined;
    const output: Readable = inflater ?? req;
    // uncompressed, the bytes sent are the body: the smaller limit holds
    const cap = inflater ? limits.maxInflatedBytes : Math.min(limits.maxSentBytes, limits.maxInflatedBytes);
    const chunks: Buffer[] = [];
    let sent = 0;
    let inflated = 0;
    let settled = false;

    const cleanup = () => {
      req.off("data", onSent);
      req.off("close", onClose);
      req.off("error", onClose);
      output.off("data", onData);
      output.off("end", onEnd);
      inflater?.off("error", onInflateError);
      if (inflater) {
        req.unpipe(inflater);
        inflater.on("error", () => undefined);
        inflater.destroy();
      }
      // whatever is left of the request is read off and dropped (never buffered)
      req.resume();
    };
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      cleanup();
      reject(err);
    };
    const onSent = (chunk: Buffer) => {
      sent += chunk.length;
      if (sent > limits.maxSentBytes) fail(tooLarge("the bytes sent", limits.maxSentBytes));
    };
    const onData = (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated > cap) {
        fail(tooLarge(inflater ? "once inflated" : "the bytes sent", cap));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (settled) return;
      settled = true;
      cleanup();
      resolve(Buffer.concat(chunks, inflated));
    };
    // the connection closed (or was reset: node's 'error' on the request) before the body's last
    // byte; node's parser holds the body to its Content-Length
    const onClose = () => {
      if (!req.complete) fail(aborted());
    };
    const onInflateError = () =>
      fail(new AppError("VALIDATION_ERROR", `The request body does not inflate as ${encoding}.`));

    req.on("close", onClose);
    req.on("error", onClose);
    inflater?.on("error", onInflateError);
    if (inflater) {
      req.on("data", onSent);
      req.pipe(inflater);
    }
    output.on("data", onData);
    output.on("end", onEnd);
  });
}
