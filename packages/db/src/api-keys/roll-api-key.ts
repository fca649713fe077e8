import { generateApiKey, newId } from "@ctxlog/core";
import { digestBytes } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { toApiKey } from "./api-key-rows";
import type { CreatedApiKey } from "./create-api-key";
import { insertRolledKey, keyById, setKeyExpiry } from "./roll-api-key.queries";

export class RollApiKeyError extends Error {
  override readonly name = "RollApiKeyError";
}

/**
 * Replaces a key with a new one of the same type, user (so plan), patterns, name, expiry and
 * family: a roll never widens a key. The old key keeps working for `overlapHours` (0 = stops now,
 * and never past its own expiry) so deployments can switch without downtime.
 */
export async function rollApiKey(
  db: DbOrTx,
  keyId: string,
  opts: { overlapHours: number; now?: Date },
): Promise<CreatedApiKey & { oldKeyExpiresAt: Date }> {
  const now = opts.now ?? new Date();
  const oldKeyExpiresAt = new Date(now.getTime() + opts.overlapHours * 3_600_000);
  return inSqlTransaction(db, async (sql) => {
    const [oldRow] = await runQuery(keyById, { keyId }, sql);
    const old = oldRow ? toApiKey(oldRow) : null;
    if (!old || old.accountId !== null) throw new RollApiKeyError(`no key ${keyId}`);
    if (old.revokedAt) throw new RollApiKeyError(`key ${keyId} is revoked`);
    if (old.expiresAt && old.expiresAt <= now) throw new RollApiKeyError(`key ${keyId} has expired`);
    const generated = generateApiKey(old.type);
    const [row] = await runQuery(
      insertRolledKey,
      {
        id: newId("key"),
        userId: old.userId,
        type: old.type,
        hash: digestBytes(generated.hash),
        displayPrefix: generated.displayPrefix,
        agentPatterns: old.agentPatterns,
        familyId: old.familyId,
        rolledFromId: old.id,
        expiresAt: old.expiresAt,
        name: old.name,
      },
      sql,
    );
    if (!row) throw new Error("INSERT … RETURNING returned no row");
    const keepUntil = old.expiresAt && old.expiresAt < oldKeyExpiresAt ? old.expiresAt : oldKeyExpiresAt;
    await runQuery(setKeyExpiry, { keyId: old.id, expiresAt: keepUntil }, sql);
    return { key: generated.key, record: toApiKey(row), oldKeyExpiresAt: keepUntil };
  });
}
