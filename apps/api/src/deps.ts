import type { ContextSigner, SecretKeyring } from "@ctxlog/core";
import type { PrismaClient } from "@ctxlog/db";
import type { JobQueues, RedisClient } from "@ctxlog/jobs";
import type { MailOutbox } from "@ctxlog/mail";
import type { Logger } from "pino";
import type { ChainAccess } from "./chain-reading/chain-access";
import type { ApiEnv } from "./env";
import type { AuthCache } from "./http/auth-cache";
import type { FailedAuthLimiter } from "./http/auth-failure-limit";
import type { ApiMetrics } from "./http/metrics";
import type { PlanRateLimiter } from "./http/rate-limit";
import type { ConfirmationEstimator } from "./ingestion/confirmation-estimate";
import type { ContextWriter } from "./ingestion/context-writer";
import type { SignerDirectory } from "./signing/signer-directory";

/** Everything a route needs, built once in main.ts (or by the test harness). */
export interface ApiDeps {
  env: ApiEnv;
  db: PrismaClient;
  redis: RedisClient;
  queues: JobQueues;
  signer: ContextSigner;
  logger: Logger;
  metrics: ApiMetrics;
  rateLimiter: PlanRateLimiter;
  authCache: AuthCache;
  authFailures: FailedAuthLimiter;
  /** failed dashboard sign-ins, per account (email) and per client address */
  signInLimits: { byAccount: FailedAuthLimiter; byAddress: FailedAuthLimiter };
  contextWriter: ContextWriter;
  confirmationEstimate: ConfirmationEstimator;
  /** read-only chain access for verification; null when RPC_URL is unset */
  chain: ChainAccess | null;
  /** the published signers (GET /v1/signers, signature checks) */
  signers: SignerDirectory;
  /** seals webhook secrets at rest (SECRETS_ENCRYPTION_KEY and its old keys) */
  secretsKeyring: SecretKeyring;
  /** mails invitations off the request path; null: no SMTP_URL outside development (invitations 503) */
  mail: MailOutbox | null;
}
