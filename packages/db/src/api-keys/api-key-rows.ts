import type { ApiKey as StoredApiKey } from "../generated/prisma/client";
import { digestHex, type WithDigestHex } from "../hex-columns";

// An api_keys row as PostgreSQL gives it, turned here, once, into the shapes the package returns
// (Prisma's ApiKey, camelCase). Statements that answer a key's holders select every column but the
// hash, which stays in the database (as Prisma's `omit: { hash: true }` did). Those that return it
// give it as hashApiKey's hex, which is what callers look a key up by.

/** Prisma's ApiKey with its hash as hashApiKey's hex (stored as its 32 bytes). */
export type ApiKey = WithDigestHex<StoredApiKey, "hash">;

/** Every column but the hash. */
export interface ListedApiKeyRow {
  id: string;
  user_id: string;
  type: ApiKey["type"];
  display_prefix: string;
  /** nullable in the table (the init migration); readers get an empty list, as Prisma gave them */
  agent_patterns: string[] | null;
  family_id: string;
  rolled_from_id: string | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
  name: string | null;
  last_used_at: Date | null;
  account_id: string | null;
}

export interface ApiKeyRow extends ListedApiKeyRow {
  hash: Buffer;
}

/** A key as listed and returned to its holders: everything but its hash. */
export type ListedApiKey = Omit<ApiKey, "hash">;

export const toListedApiKey = (r: ListedApiKeyRow): ListedApiKey => ({
  id: r.id,
  userId: r.user_id,
  type: r.type,
  displayPrefix: r.display_prefix,
  agentPatterns: r.agent_patterns ?? [],
  familyId: r.family_id,
  rolledFromId: r.rolled_from_id,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  createdAt: r.created_at,
  name: r.name,
  lastUsedAt: r.last_used_at,
  accountId: r.account_id,
});

export const toApiKey = (r: ApiKeyRow): ApiKey => ({ ...toListedApiKey(r), hash: digestHex(r.hash) });
