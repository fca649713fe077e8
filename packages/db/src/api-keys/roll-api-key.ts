import { generateApiKey, newId } from "@ctxlog/core";
import type { PrismaClient } from "../generated/prisma/client";
import type { CreatedApiKey } from "./create-api-key";

export class RollApiKeyError extends Error {
  override readonly name = "RollApiKeyError";
}

/**
 * Replaces a key with a new one of the same type, user (so plan), patterns, name, expiry and
 * family: a roll never widens a key. The old key keeps working for `overlapHours` (0 = stops now,
 * and never past its own expiry) so deployments can switch without downtime.
 */
export async function rollApiKey(
  db: PrismaClient,
  keyId: string,
  opts: { overlapHours: number; now?: Date },
): Promise<CreatedApiKey & { oldKeyExpiresAt: Date }> {
  const now = opts.now ?? new Date();
  const oldKeyExpiresAt = new Date(now.getTime() + opts.overlapHours * 3_600_000);
  return db.$transaction(async (tx) => {
    const old = await tx.apiKey.findUnique({ where: { id: keyId } });
    if (!old || old.accountId !== null) throw new RollApiKeyError(`no key ${keyId}`);
    if (old.revokedAt) throw new RollApiKeyError(`key ${keyId} is revoked`);
    if (old.expiresAt && old.expiresAt <= now) throw new RollApiKeyError(`key ${keyId} has expired`);
    const generated = generateApiKey(old.type);
    const record = await tx.apiKey.create({
      data: {
        id: newId("key"),
        userId: old.userId,
        type: old.type,
        hash: generated.hash,
        displayPrefix: generated.displayPrefix,
        agentPatterns: old.agentPatterns,
        familyId: old.familyId,
        rolledFromId: old.id,
        expiresAt: old.expiresAt,
        name: old.name,
      },
    });
    const keepUntil = old.expiresAt && old.expiresAt < oldKeyExpiresAt ? old.expiresAt : oldKeyExpiresAt;
    await tx.apiKey.update({ where: { id: old.id }, data: { expiresAt: keepUntil } });
    return { key: generated.key, record, oldKeyExpiresAt: keepUntil };
  });
}
