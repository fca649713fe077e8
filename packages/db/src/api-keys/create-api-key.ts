import { type ApiKeyType, generateApiKey, isValidAgentPattern, newId } from "@ctxlog/core";
import { digestBytes } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { type ApiKey, toApiKey } from "./api-key-rows";
import { insertApiKey, upsertUserPlan } from "./create-api-key.queries";

export interface CreateApiKeyInput {
  userId: string;
  type: ApiKeyType;
  /** Sets the user's plan; a new user without one gets `defaultPlan`. */
  plan?: string;
  defaultPlan?: string;
  agentPatterns?: string[];
  expiresAt?: Date | null;
  /** a label chosen in the dashboard */
  name?: string | null;
}

export interface CreatedApiKey {
  /** The plaintext key. It exists only in this return value: it is never stored or logged. */
  key: string;
  record: ApiKey;
}

export class InvalidKeyRequestError extends Error {
  override readonly name = "InvalidKeyRequestError";
}

export function checkAgentPatterns(type: ApiKeyType, patterns: string[]): void {
  if (type === "restricted" && patterns.length === 0) {
    throw new InvalidKeyRequestError("a restricted key needs at least one agent pattern");
  }
  if (type !== "restricted" && patterns.length > 0) {
    throw new InvalidKeyRequestError("agent patterns apply to restricted keys only");
  }
  const bad = patterns.find((p) => !isValidAgentPattern(p));
  if (bad !== undefined) throw new InvalidKeyRequestError(`invalid agent pattern: ${JSON.stringify(bad)}`);
}

/** Creates the user if needed, then a key; returns the plaintext key once. */
export async function createApiKey(db: DbOrTx, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const agentPatterns = input.agentPatterns ?? [];
  checkAgentPatterns(input.type, agentPatterns);
  const generated = generateApiKey(input.type);
  const id = newId("key");
  const record = await inSqlTransaction(db, async (sql) => {
    await runQuery(
      upsertUserPlan,
      {
        userId: input.userId,
        newPlan: input.plan ?? input.defaultPlan ?? "free",
        setPlan: input.plan || null, // an existing user's plan changes only when one is given
      },
      sql,
    );
    const [row] = await runQuery(
      insertApiKey,
      {
        id,
        userId: input.userId,
        type: input.type,
        hash: digestBytes(generated.hash),
        displayPrefix: generated.displayPrefix,
        agentPatterns,
        expiresAt: input.expiresAt ?? null,
        name: input.name ?? null,
      },
      sql,
    );
    if (!row) throw new Error("INSERT … RETURNING returned no row");
    return toApiKey(row);
  });
  return { key: generated.key, record };
}
