import { AppError, hashApiKey, keyCan, type Operation, parseApiKey } from "@ctxlog/core";
import { type ActiveApiKey, findActiveApiKey, type PrismaClient } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { AuthCache } from "./auth-cache";
import { clientAddressBucket, type FailedAuthLimiter } from "./auth-failure-limit";

// RFC 9110 §11.1: the scheme is case-insensitive; RFC 6750 allows one or more spaces after it.
const BEARER = /^Bearer +([^\s]+)$/i;

function invalidKey(): AppError {
  return new AppError("INVALID_API_KEY", "The API key is invalid, expired or unknown.");
}

export interface AuthenticationDeps {
  db: PrismaClient;
  authCache: AuthCache;
  authFailures: FailedAuthLimiter;
  env: { AUTH_CACHE_TTL_MS: number };
}

/** Finds the active key with this hash; replaceable so tests can pause between lookup and caching. */
export type KeyLookup = (hash: string) => Promise<ActiveApiKey | null>;

/**
 * Authenticates `Authorization: Bearer <key>`. Malformed keys are refused before any lookup; the
 * lookup is by SHA-256 on a unique index. The cache (see AuthCache) saves that query on repeat
 * requests; revocations reach it by Redis pub/sub. A lookup that finds nothing counts against the
 * client's address, and an address out of failures is refused before its lookup (FailedAuthLimiter).
 */
export function authenticate(
  { db, authCache: cache, authFailures, env }: AuthenticationDeps,
  lookup: KeyLookup = (hash) => findActiveApiKey(db, hash),
): RequestHandler {
  const cacheTtlMs = env.AUTH_CACHE_TTL_MS;
  return async (req, res, next) => {
    const match = BEARER.exec(req.headers.authorization ?? "");
    const raw = match?.[1];
    if (!raw || !parseApiKey(raw)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="ctxlog"');
      throw invalidKey();
    }
    const hash = hashApiKey(raw);
    let auth = cache.get(hash);
    if (auth === undefined) {
      const address = clientAddressBucket(req.ip);
      await authFailures.check(address, res);
      // Read before the lookup: a revocation arriving during it must stop the result being cached.
      const generation = cache.generation;
      const key = await lookup(hash);
      if (!key) {
        await authFailures.recordFailure(address, res);
        res.setHeader("WWW-Authenticate", 'Bearer realm="ctxlog", error="invalid_token"');
        throw invalidKey();
      }
      auth = {
        keyId: key.id,
        keyFamilyId: key.familyId,
        userId: key.userId,
        type: key.type,
        plan: key.user.plan,
        agentPatterns: key.agentPatterns,
      };
      // Expiry must not be outlived by the cache.
      if (!key.expiresAt || key.expiresAt.getTime() > Date.now() + cacheTtlMs)
        cache.set(hash, auth, generation);
    }
    req.auth = auth;
    next();
  };
}

export function requirePermission(operation: Operation): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth || !keyCan(req.auth.type, operation)) {
      throw new AppError(
        "INSUFFICIENT_PERMISSIONS",
        `This key (${req.auth?.type ?? "none"}) may not perform ${operation}.`,
      );
    }
    next();
  };
}
