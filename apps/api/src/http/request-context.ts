import type { ApiKeyType } from "@ctxlog/core";

/** What a request knows once its key has been authenticated. */
export interface AuthContext {
  keyId: string;
  keyFamilyId: string;
  userId: string;
  type: ApiKeyType;
  plan: string;
  agentPatterns: string[];
  /** set when a dashboard session (cookie) authenticated the request; it acts as a full key */
  session?: {
    id: string;
    accountId: string;
    csrfToken: string;
    /** when it ends if unused: idle expiry capped by the absolute one */
    expiresAt: Date;
  };
}

declare module "express-serve-static-core" {
  interface Request {
    auth?: AuthContext;
  }
}

export function requireAuth(req: { auth?: AuthContext }): AuthContext {
  if (!req.auth) throw new Error("route mounted without authentication");
  return req.auth;
}
