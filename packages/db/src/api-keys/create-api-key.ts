import { type ApiKeyType, generateApiKey, isValidAgentPattern, newId } from "@ctxlog/core";
import type { ApiKey, PrismaClient } from "../generated/prisma/client";

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
export async function createApiKey(db: PrismaClient, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const agentPatterns = input.agentPatterns ?? [];
  checkAgentPatterns(input.type, agentPatterns);
  const generated = generateApiKey(input.type);
  const id = newId("key");
  const record = await db.$transaction(async (tx) => {
    await tx.user.upsert({
      where: { id: input.userId },
      create: { id: input.userId, plan: input.plan ?? input.defaultPlan ?? "free" },
      update: input.plan ? { plan: input.plan } : {},
    });
    return tx.apiKey.create({
      data: {
        id,
        userId: input.userId,
        type: input.type,
        hash: generated.hash,
        displayPrefix: generated.displayPrefix,
        agentPatterns,
        familyId: id,
        expiresAt: input.expiresAt ?? null,
        name: input.name ?? null,
      },
    });
  });
  return { key: generated.key, record };
}
