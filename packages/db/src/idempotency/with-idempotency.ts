import type { Prisma, PrismaClient } from "../generated/prisma/client";

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
  /** hash of the request body: the same key with another body is a conflict */
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
 * rolls the claim back and the key can be used again.
 */
export async function withIdempotency<T>(
  db: PrismaClient,
  request: IdempotencyRequest | null,
  work: (tx: Prisma.TransactionClient) => Promise<StoredResponse & { value: T }>,
): Promise<StoredResponse & { replayed: boolean; value?: T }> {
  if (!request) {
    const result = await db.$transaction(work);
    return { ...result, replayed: false };
  }
  const now = request.now ?? new Date();
  const where = { keyFamilyId_key: { keyFamilyId: request.keyFamilyId, key: request.key } };
  const claim = {
    method: request.method,
    path: request.path,
    requestHash: request.requestHash,
    responseStatus: 0,
    responseBody: "",
    createdAt: now,
    expiresAt: new Date(now.getTime() + (request.ttlMs ?? IDEMPOTENCY_TTL_MS)),
  };
  return db.$transaction(async (tx) => {
    const inserted = await tx.idempotencyKey.createMany({
      data: [{ userId: request.userId, keyFamilyId: request.keyFamilyId, key: request.key, ...claim }],
      skipDuplicates: true,
    });
    if (inserted.count === 0) {
      // An expired record is taken over as if it were not there.
      const reclaimed = await tx.idempotencyKey.updateMany({
        where: { keyFamilyId: request.keyFamilyId, key: request.key, expiresAt: { lte: now } },
        data: claim,
      });
      if (reclaimed.count === 0) {
        const existing = await tx.idempotencyKey.findUniqueOrThrow({ where });
        const sameRequest =
          existing.requestHash === request.requestHash &&
          existing.method === request.method &&
          existing.path === request.path;
        if (!sameRequest) {
          throw new IdempotencyConflictError(
            "this Idempotency-Key was already used with a different request",
          );
        }
        return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
      }
    }
    const result = await work(tx);
    await tx.idempotencyKey.update({
      where,
      data: { responseStatus: result.status, responseBody: result.body },
    });
    return { ...result, replayed: false };
  });
}

/** Removes records past their 24 hours; safe to run from any replica at any time. */
export async function deleteExpiredIdempotencyKeys(db: PrismaClient, now = new Date()) {
  const { count } = await db.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
