import { type ApiKeyType, AppError } from "@ctxlog/core";

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

/**
 * The request's dashboard session. Session-only handlers call it themselves although the route
 * table already lets only sessions in: one mistake in the table must not hand an API key the keys,
 * the people or the password of a user.
 */
export function requireSession(auth: AuthContext | undefined): {
  auth: AuthContext;
  session: NonNullable<AuthContext["session"]>;
} {
  if (!auth) throw new AppError("INVALID_SESSION", "No valid dashboard session: sign in again.");
  if (!auth.session) {
    throw new AppError("INSUFFICIENT_PERMISSIONS", "Only a dashboard session may do this, never an API key.");
  }
  return { auth, session: auth.session };
}
