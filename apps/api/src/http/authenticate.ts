import { AppError, hashApiKey, keyCan, type Operation, parseApiKey } from "@ctxlog/core";
import type { PrismaClient } from "@ctxlog/db";
import { findActiveApiKey } from "@ctxlog/db";
import type { RequestHandler } from "express";
import type { AuthCache } from "./auth-cache";

const BEARER = /^Bearer ([^\s]+)$/;

function invalidKey(): AppError {
  return new AppError("INVALID_API_KEY", "The API key is invalid, expired or unknown.");
}

/**
 * Authenticates `Authorization: Bearer <key>`. Malformed keys are refused before any lookup; the
 * lookup is by SHA-256 on a unique index. The cache (see AuthCache) saves that query on repeat
 * requests; revocations reach it by Redis pub/sub.
 */
export function authenticate(db: PrismaClient, cache: AuthCache, cacheTtlMs: number): RequestHandler {
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
      const key = await findActiveApiKey(db, hash);
      auth = key && {
        keyId: key.id,
        keyFamilyId: key.familyId,
        userId: key.userId,
        type: key.type,
        plan: key.user.plan,
        agentPatterns: key.agentPatterns,
      };
      // Expiry must not be outlived by the cache.
      if (!key?.expiresAt || key.expiresAt.getTime() > Date.now() + cacheTtlMs) cache.set(hash, auth);
    }
    if (!auth) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="ctxlog", error="invalid_token"');
      throw invalidKey();
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
