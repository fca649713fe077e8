import { digestBytes } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, type SqlRunner, sqlOf } from "../sql-transaction";
import {
  claimIdempotencyKey,
  deleteExpiredIdempotencyKeysAt,
  idempotencyRecordOf,
  reclaimExpiredIdempotencyKey,
  storeIdempotentResponse,
} from "./with-idempotency.queries";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyRequest {
  userId: string;
  /**
   * Keys are scoped to the API key's family (the key and its rolled successors): a successor
   * replays its predecessor's answers, while the user's other keys (a restricted key, say) get
   * their own, and never a response about a context they could not read.
   */
  keyFamilyId: string;
  key: string;
  method: string;
  path: string;
  /**
   * SHA-256 of the request body, in hex (stored as its 32 bytes): the same key with another body
   * is a conflict
   */
  requestHash: string;
  ttlMs?: number;
  now?: Date;
}

export interface StoredResponse {
  status: number;
  /** the serialized response body, replayed byte for byte */
  body: string;
}

export class IdempotencyConflictError extends Error {
  override readonly name = "IdempotencyConflictError";
}

/**
 * Runs `work` in one transaction with the Idempotency-Key claimed in that same transaction.
 * A concurrent request with the same key waits on the key's unique index until the first one
 * commits, then replays its response, so at most one of them does the work. A failed `work`
 * rolls the claim back and the key can be used again. One inSqlTransaction: the key's statements
 * and `work`'s (insertContexts) run on the runner it hands over.
 */
export async function withIdempotency<T>(
  db: DbOrTx,
  request: IdempotencyRequest | null,
  work: (sql: SqlRunner) => Promise<StoredResponse & { value: T }>,
): Promise<StoredResponse & { replayed: boolean; value?: T }> {
  if (!request) {
    const result = await inSqlTransaction(db, work);
    return { ...result, replayed: false };
  }
  const now = request.now ?? new Date();
  const key = { keyFamilyId: request.keyFamilyId, key: request.key };
  const claim = {
    ...key,
    method: request.method,
    path: request.path,
    requestHash: digestBytes(request.requestHash),
    now,
    expiresAt: new Date(now.getTime() + (request.ttlMs ?? IDEMPOTENCY_TTL_MS)),
  };
  return inSqlTransaction(db, async (sql) => {
    const [inserted] = await runQuery(claimIdempotencyKey, { userId: request.userId, ...claim }, sql);
    if (!inserted) {
      const [reclaimed] = await runQuery(reclaimExpiredIdempotencyKey, claim, sql);
      if (!reclaimed) {
        const [existing] = await runQuery(idempotencyRecordOf, key, sql);
        if (!existing) throw new Error(`the record of Idempotency-Key ${request.key} is gone`);
        const sameRequest =
          existing.request_hash.equals(claim.requestHash) &&
          existing.method === request.method &&
          existing.path === request.path;
        if (!sameRequest) {
          throw new IdempotencyConflictError(
            "this Idempotency-Key was already used with a different request",
          );
        }
        return { status: existing.response_status, body: existing.response_body, replayed: true };
      }
    }
    const result = await work(sql);
    const [stored] = await runQuery(
      storeIdempotentResponse,
      { ...key, status: result.status, body: result.body },
      sql,
    );
    if (!stored) throw new Error(`the record of Idempotency-Key ${request.key} is gone`);
    return { ...result, replayed: false };
  });
}

/** Removes records past their 24 hours; safe to run from any replica at any time. */
export async function deleteExpiredIdempotencyKeys(db: DbOrTx, now = new Date()): Promise<number> {
  const [row] = await runQuery(deleteExpiredIdempotencyKeysAt, { now }, sqlOf(db));
  return row?.count ?? 0;
}
