import { createContextSigner, pgTimeoutsFrom, redisTargetFrom, secretKeyringFromEnv } from "@ctxlog/core";
import { createDb } from "@ctxlog/db";
import { createRedisConnection, JobQueues, subscribeKeyRevocations } from "@ctxlog/jobs";
import { apiMailSender, MailOutbox } from "@ctxlog/mail";
import type { Logger } from "pino";
import { createChainAccess } from "./chain-reading/chain-access";
import type { ApiDeps } from "./deps";
import type { ApiEnv } from "./env";
import { AuthCache } from "./http/auth-cache";
import { FailedAuthLimiter } from "./http/auth-failure-limit";
import { createApiMetrics } from "./http/metrics";
import { PlanRateLimiter } from "./http/rate-limit";
import { ConfirmationEstimator } from "./ingestion/confirmation-estimate";
import { createContextWriter } from "./ingestion/context-writer";
import { SignerDirectory } from "./signing/signer-directory";

/** Builds the API's dependencies from a parsed environment; `close` releases them all. */
export function createApiDeps(
  env: ApiEnv,
  logger: Logger,
  // printMail: where the development fallback prints mails (default: stdout; tests: their own)
  opts: { clustered?: boolean; printMail?: (text: string) => void } = {},
): ApiDeps & { close: () => Promise<void> } {
  const db = createDb(env.DATABASE_URL, {
    poolSize: env.DATABASE_POOL_SIZE,
    timeouts: pgTimeoutsFrom(env),
  });
  // Also the rate limiter's connection: without a command timeout a stalled Redis holds every request.
  const redisTarget = redisTargetFrom(env);
  const redis = createRedisConnection(redisTarget, "producer", {
    commandTimeout: env.REDIS_COMMAND_TIMEOUT_MS,
  });
  redis.on("error", (err) => logger.warn({ err: err.message }, "redis connection error"));
  const queues = new JobQueues(redis, env.REDIS_PREFIX);
  const rateLimiter = new PlanRateLimiter(redis, {
    prefix: env.REDIS_PREFIX,
    plans: env.PLAN_RATE_LIMITS,
    defaultPlan: env.DEFAULT_PLAN,
    windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
  });
  const revocations =
    env.AUTH_CACHE_TTL_MS > 0
      ? subscribeKeyRevocations(redisTarget, env.REDIS_PREFIX, {
          onRevoked: (keyId) => authCache.revoke(keyId),
          onGap: () => authCache.clear(),
          onError: (err) => logger.debug({ err: err.message }, "key revocation subscription error"),
        })
      : null;
  const authCache = new AuthCache(env.AUTH_CACHE_TTL_MS, revocations, env.AUTH_CACHE_MAX_ENTRIES);
  const authFailures = new FailedAuthLimiter(redis, {
    prefix: env.REDIS_PREFIX,
    limit: env.AUTH_FAILURE_LIMIT,
    windowSeconds: env.AUTH_FAILURE_WINDOW_SECONDS,
    // past the budget, one lookup a second still: valid keys behind a shared address get through
    probationMs: 1_000,
  });
  const signInLimiter = (
    name: string,
    limit: number,
    refusal: string,
    tuning: { progressiveAfter?: number; probationMs?: number },
  ) =>
    new FailedAuthLimiter(redis, {
      prefix: env.REDIS_PREFIX,
      name,
      limit,
      windowSeconds: env.SIGN_IN_WINDOW_SECONDS,
      refusal,
      ...tuning,
    });
  const signInLimits = {
    byAccount: signInLimiter(
      "signin:account",
      env.SIGN_IN_ACCOUNT_LIMIT,
      "Too many failed sign-ins for this account from this address; retry later.",
      // the account's own failures there: then 1, 2, 4, … s between attempts, no probation
      { progressiveAfter: 5 },
    ),
    byAddress: signInLimiter(
      "signin:address",
      env.SIGN_IN_ADDRESS_LIMIT,
      "Too many failed sign-ins from this address; retry later.",
      // others' failures (other emails, unknown links) from a shared address (NAT): past the
      // budget one check a second still, so a valid password or link is served after a short wait
      { probationMs: 1_000 },
    ),
  };
  const metrics = createApiMetrics({ clustered: opts.clustered });
  const mailSender = apiMailSender(env, { development: env.CTXLOG_DEV_MODE, print: opts.printMail });
  const mail = mailSender ? new MailOutbox(mailSender, logger) : null;
  const signer = createContextSigner(env.ATTESTATION_PRIVATE_KEY as `0x${string}`);
  return {
    env,
    db,
    authCache,
    authFailures,
    signInLimits,
    redis,
    queues,
    rateLimiter,
    logger,
    contextWriter: createContextWriter(db, queues, logger, signer, {
      maxOutstanding: env.CONTEXT_WRITE_QUEUE_MAX,
    }),
    confirmationEstimate: new ConfirmationEstimator(
      db,
      {
        network: env.NETWORK_NAME,
        batchWindowMs: env.BATCH_WINDOW_MS,
        expectedBlockTimeMs: env.EXPECTED_BLOCK_TIME_MS,
        confirmations: env.CONFIRMATIONS,
      },
      logger,
    ),
    signer,
    metrics,
    chain:
      env.RPC_URL && env.REGISTRY_ADDRESS
        ? createChainAccess(
            {
              rpcUrl: env.RPC_URL,
              registryAddress: env.REGISTRY_ADDRESS,
              chainId: env.CHAIN_ID,
              timeoutMs: env.RPC_TIMEOUT_MS,
            },
            logger,
          )
        : null,
    signers: new SignerDirectory(db, signer.address, logger),
    secretsKeyring: secretKeyringFromEnv(env),
    mail,
    close: async () => {
      await mail?.close(); // mails waiting for a retry are given up, each logged
      await queues.close().catch(() => {});
      await revocations?.close();
      redis.disconnect();
      await db.$disconnect();
    },
  };
}
