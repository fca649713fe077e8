import type { Response } from "express";

/**
 * Answers with JSON text already written (a compiled serializer's, routes/contexts/context-json.ts): the status, the
 * headers res.json sets (Content-Type with its charset, Content-Length) and the text. res.send
 * would first copy a string answer into a new Buffer and hash all of it for an ETag, which is no
 * use on the answer to a POST.
 */
export function sendJsonText(res: Response, status: number, text: string): void {
  res.status(status);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}
