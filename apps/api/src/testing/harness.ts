import { randomBytes } from "node:crypto";
import { type ApiKeyType, loadFastKeccak } from "@ctxlog/core";
import { createAccount, createApiKey } from "@ctxlog/db";
import { createTestDatabase, TEST_SECRETS_ENV } from "@ctxlog/db/testing";
import { deleteRedisPrefix, TEST_REDIS_URL } from "@ctxlog/jobs/testing";
import type pino from "pino";
import supertest from "supertest";
import { createApp } from "../app";
import { type ApiEnv, parseApiEnv } from "../env";
import { createLogger } from "../http/logging";
import { type PasswordHashCost, setPasswordHashCost } from "../sessions/passwords";
import { createApiDeps } from "../wiring";
import { validatingAgent } from "./openapi-validator";

/** anvil's first well-known dev account; never funded anywhere real: the anchor (gas) key in tests. */
export const TEST_SIGNER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
/** anvil's second dev account: the API's attestation key in tests, apart from the anchor key. */
export const TEST_ATTESTATION_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
export const REDIS_URL = TEST_REDIS_URL;
/**
 * argon2id at its smallest memory and one pass (well under a millisecond, against 45–120 ms at
 * the service's PASSWORD_HASH_COST): the harness's default, as the sign-in tests make hundreds of
 * hashes. A test about the cost itself passes `passwordHashCost: PASSWORD_HASH_COST`.
 */
export const TEST_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 64, timeCost: 1 };
export { deleteRedisPrefix };

export interface Tenant {
  userId: string;
  keys: Record<ApiKeyType, string>;
  keyIds: Record<ApiKeyType, string>;
}

/**
 * One per test file: a fresh PostgreSQL database with migrations applied, a Redis key prefix of
 * its own, and the real app on top. `tenant()` creates a new user with one key of each type, so
 * tests never share state. `close()` removes only what this harness created.
 */
export async function createTestHarness(
  overrides: Partial<Record<keyof ApiEnv, string>> = {},
  // appDatabaseUrl: the URL the app connects with (a stall proxy's); the harness keeps the real one
  // printMail: where mails go without SMTP_URL (development's fallback); default nowhere (quiet)
  // passwordHashCost: argon2's for this file (TEST_PASSWORD_HASH_COST unless given)
  opts: {
    logTo?: pino.DestinationStream;
    appDatabaseUrl?: (url: string) => string;
    printMail?: (text: string) => void;
    passwordHashCost?: PasswordHashCost;
  } = {},
) {
  setPasswordHashCost(opts.passwordHashCost ?? TEST_PASSWORD_HASH_COST);
  await loadFastKeccak(); // as main.ts does
  const database = await createTestDatabase("ctxlog_api_test");
  const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;
  const env = parseApiEnv({
    DATABASE_URL: opts.appDatabaseUrl ? opts.appDatabaseUrl(database.url) : database.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    ATTESTATION_PRIVATE_KEY: TEST_ATTESTATION_KEY,
    CTXLOG_DEV_MODE: "true", // anvil's dev keys sign
    LOG_LEVEL: "silent",
    // tests revoke keys straight in the database; the cache has its own test (auth-cache.test.ts)
    AUTH_CACHE_TTL_MS: "0",
    ...TEST_SECRETS_ENV,
    ...overrides,
  });
  const deps = createApiDeps(env, createLogger(env.LOG_LEVEL, opts.logTo), {
    printMail: opts.printMail ?? (() => {}),
  });
  const app = createApp(deps);
  // every response a test receives is held to the OpenAPI document (openapi-validator.ts)
  const request = validatingAgent(supertest(app));

  async function tenant(opts: { plan?: string; agents?: string[] } = {}): Promise<Tenant> {
    const userId = `usr-${randomBytes(6).toString("hex")}`;
    const keys = {} as Record<ApiKeyType, string>;
    const keyIds = {} as Record<ApiKeyType, string>;
    for (const type of ["full", "read_only", "public", "restricted"] as const) {
      const created = await createApiKey(database.db, {
        userId,
        type,
        plan: opts.plan,
        agentPatterns: type === "restricted" ? (opts.agents ?? ["agent-*"]) : [],
      });
      keys[type] = created.key;
      keyIds[type] = created.record.id;
    }
    return { userId, keys, keyIds };
  }

  /**
   * A dashboard account of `userId` (created, with its user, when needed), set up through
   * POST /v1/auth/setup: `agent` carries its session cookie (and validates every response like
   * `request`); send `csrf` as X-CSRF-Token on state-changing requests (`csrfHeader`).
   */
  async function session(userId: string, opts: { email?: string; password?: string } = {}) {
    const email = opts.email ?? `${randomBytes(6).toString("hex")}@example.test`;
    const password = opts.password ?? `pw-${randomBytes(12).toString("hex")}`;
    const { account, link } = await createAccount(database.db, { userId, email });
    const agent = validatingAgent(supertest.agent(app));
    const res = await agent.post("/v1/auth/setup").send({ token: link.token, password });
    if (res.status !== 200) throw new Error(`setup failed: ${res.status} ${JSON.stringify(res.body)}`);
    const csrf: string = res.body.csrf_token;
    const cookie = String(res.headers["set-cookie"]?.[0] ?? "").split(";")[0] ?? "";
    return {
      agent,
      csrf,
      csrfHeader: { "X-CSRF-Token": csrf },
      cookie,
      accountId: account.id,
      userId,
      email,
      password,
    };
  }

  async function close() {
    await deps.close();
    await deleteRedisPrefix(prefix);
    await database.drop();
  }

  return { request, app, deps, env, db: database.db, prefix, tenant, session, close };
}

export type TestHarness = Awaited<ReturnType<typeof createTestHarness>>;

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
