import { AppError, hashApiKey, isAppError, keyCan, type Operation, parseApiKey } from "@ctxlog/core";
import { type ActiveApiKey, findActiveApiKey, type PrismaClient, recordApiKeyUse } from "@ctxlog/db";
import type { RequestHandler, Response } from "express";
import { invalidSession, sessionAuthenticator } from "../sessions/authenticate-session";
import { readSessionCookie } from "../sessions/session-cookie";
import type { AuthCache } from "./auth-cache";
import { clientAddressBucket, type FailedAuthLimiter } from "./auth-failure-limit";
import { sharedLookup } from "./shared-lookup";

// RFC 9110 §11.1: the scheme is case-insensitive; RFC 6750 allows one or more spaces after it.
const BEARER = /^Bearer +([^\s]+)$/i;

function invalidKey(): AppError {
  return new AppError("INVALID_API_KEY", "The API key is invalid, expired or unknown.");
}

export interface AuthenticationDeps {
  db: PrismaClient;
  authCache: AuthCache;
  authFailures: FailedAuthLimiter;
  env: { AUTH_CACHE_TTL_MS: number; SESSION_IDLE_TIMEOUT_HOURS: number; SESSION_COOKIE_SECURE: boolean };
}

/** "any": an API key or a dashboard session; "session": a session only (keys get 403). */
export type AuthMode = "any" | "session";

// last_used_at is written at most this often per key and process (and the UPDATE itself skips
// rows written more recently by another process)
const KEY_USE_EVERY_MS = 60_000;
const KEY_USE_TRACKED_MAX = 10_000;

/** Finds the active key with this hash; replaceable so tests can pause between lookup and caching. */
export type KeyLookup = (hash: string) => Promise<ActiveApiKey | null>;

/**
 * Authenticates `Authorization: Bearer <key>`. Malformed keys are refused before any lookup; the
 * lookup is by SHA-256 on a unique index. The cache (see AuthCache) saves that query on repeat
 * requests; revocations reach it by Redis pub/sub. Each lookup counts against the client's address
 * before it is made and is given back when it finds the key; an address out of failures gets one
 * lookup per probation period, so valid keys behind a shared address still pass (FailedAuthLimiter).
 */
export function authenticate(
  deps: AuthenticationDeps,
  lookup: KeyLookup = (hash) => findActiveApiKey(deps.db, hash),
  mode: AuthMode = "any",
): RequestHandler {
  const { db, authCache: cache, authFailures, env } = deps;
  const cacheTtlMs = env.AUTH_CACHE_TTL_MS;
  const keyUseWrittenAt = new Map<string, number>();
  const noteKeyUse = (keyId: string) => {
    const now = Date.now();
    if (now - (keyUseWrittenAt.get(keyId) ?? 0) < KEY_USE_EVERY_MS) return;
    if (keyUseWrittenAt.size >= KEY_USE_TRACKED_MAX) keyUseWrittenAt.clear();
    keyUseWrittenAt.set(keyId, now);
    // off the request's path: the answer never waits for (or fails on) this bookkeeping
    recordApiKeyUse(db, keyId, { everyMs: KEY_USE_EVERY_MS }).catch(() => keyUseWrittenAt.delete(keyId));
  };
  // The lookup counted against the client's address before it is made (a burst gets no more
  // lookups than the budget) and given back when it finds the key.
  const countedLookup = async (hash: string, address: string, res: Response) => {
    const attempt = await authFailures.begin(address, res);
    // Read before the lookup: a revocation arriving during it must stop the result being cached.
    const generation = cache.generation;
    const key = await lookup(hash).catch(async (err: unknown) => {
      await attempt.giveBack();
      throw err;
    });
    await (key ? attempt.giveBack() : attempt.failed(res));
    return { key, generation };
  };
  const lookupShared = sharedLookup(countedLookup);
  const authenticateSession = sessionAuthenticator(deps);
  return async (req, res, next) => {
    // A request carrying Authorization is a key request: its cookie is ignored.
    if (req.headers.authorization === undefined) {
      const token = readSessionCookie(req);
      try {
        if (token === undefined) throw mode === "session" ? invalidSession() : invalidKey();
        req.auth = await authenticateSession(req, res, token);
      } catch (err) {
        // a route that also takes keys answers its 401s with the Bearer challenge
        if (mode === "any" && isAppError(err) && err.status === 401) {
          res.setHeader("WWW-Authenticate", 'Bearer realm="ctxlog"');
        }
        throw err;
      }
      next();
      return;
    }
    const match = BEARER.exec(req.headers.authorization ?? "");
    const raw = match?.[1];
    if (!raw || !parseApiKey(raw)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="ctxlog"');
      throw invalidKey();
    }
    const hash = hashApiKey(raw);
    let auth = cache.get(hash);
    if (auth === undefined) {
      const { key, generation } = await lookupShared(hash, clientAddressBucket(req.ip), res);
      if (!key) {
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
    if (mode === "session") {
      throw new AppError(
        "INSUFFICIENT_PERMISSIONS",
        "Only a dashboard session may do this, never an API key.",
      );
    }
    req.auth = auth;
    noteKeyUse(auth.keyId);
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
