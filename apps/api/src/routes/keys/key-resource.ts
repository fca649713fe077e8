import { apiKeyStatus } from "@ctxlog/db";
import type { z } from "zod";
import type { keySchema } from "./schemas";

interface KeyRow {
  id: string;
  name: string | null;
  type: z.infer<typeof keySchema>["type"];
  displayPrefix: string;
  agentPatterns: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A key as the dashboard shows it: never its hash, and the plaintext only where a route adds it. */
export function keyResource(row: KeyRow, plan: string): z.infer<typeof keySchema> {
  return {
    key_id: row.id,
    name: row.name,
    type: row.type,
    display_prefix: row.displayPrefix,
    plan,
    agent_patterns: row.agentPatterns,
    created_at: row.createdAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
    expires_at: iso(row.expiresAt),
    revoked_at: iso(row.revokedAt),
    status: apiKeyStatus(row),
  };
}
