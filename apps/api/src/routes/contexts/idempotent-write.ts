import { createHash } from "node:crypto";
import { AppError, canonicalJson } from "@ctxlog/core";
import { IdempotencyConflictError, type IdempotencyRequest } from "@ctxlog/db";
import type { Request, Response } from "express";
import type { AuthContext } from "../../http/request-context";
import type { ContextWriter, IdempotentWrite } from "../../ingestion/context-writer";

/** What an Idempotency-Key covers: this user's key family, the method and path, the body sent. */
export function idempotencyRequest(auth: AuthContext, key: string, req: Request): IdempotencyRequest {
  return {
    userId: auth.userId,
    keyFamilyId: auth.keyFamilyId,
    key,
    method: req.method,
    path: req.baseUrl + req.path,
    // what the client sent, byte for byte the same JSON whatever the schema made of it
    requestHash: createHash("sha256").update(canonicalJson(req.body)).digest("hex"),
  };
}

/**
 * Writes rows under an Idempotency-Key (POST /v1/contexts and its batch) and answers with the
 * stored response: the first one, or its replay. Another body under the same key is a 409.
 */
export async function writeIdempotently(
  contextWriter: ContextWriter,
  rows: Parameters<ContextWriter["writeIdempotent"]>[0],
  request: IdempotencyRequest,
  respond: Parameters<ContextWriter["writeIdempotent"]>[2],
  res: Response,
  location: (contextIds: string[]) => string | undefined,
): Promise<void> {
  let result: IdempotentWrite;
  try {
    result = await contextWriter.writeIdempotent(rows, request, respond);
  } catch (err) {
    if (err instanceof IdempotencyConflictError) throw new AppError("CONFLICT", err.message, { cause: err });
    throw err;
  }
  const where = result.contextIds && location(result.contextIds);
  if (where !== undefined) res.setHeader("Location", where);
  if (result.replayed) res.setHeader("Idempotent-Replayed", "true");
  res.status(result.status).type("application/json").send(result.body);
}
