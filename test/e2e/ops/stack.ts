// Test-only: the whole stack as an operator runs it — the API (public and ops ports), a chain
// worker against a real anvil with the registry deployed, and a webhook worker — each with its
// /metrics served on a free port, configured through the apps' own env parsers. Apps can be
// stopped and started again on the same database, Redis and chain (backup/restore).
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deployRegistry } from "@ctxlog/contracts";
import { ANVIL_DEV_KEYS, type AnvilInstance, startAnvil } from "@ctxlog/contracts/anvil";
import { loadFastKeccak } from "@ctxlog/core";
import { TEST_SECRETS_ENV } from "@ctxlog/db/testing";
import pino from "pino";
import { createApp } from "../../../apps/api/src/app";
import { parseApiEnv } from "../../../apps/api/src/env";
import { createLogger as createApiLogger } from "../../../apps/api/src/http/logging";
import { serveOps } from "../../../apps/api/src/ops-server";
import { createApiDeps } from "../../../apps/api/src/wiring";
import { parseChainWorkerEnv } from "../../../apps/chain-worker/src/env";
import { createChainWorker } from "../../../apps/chain-worker/src/worker";
import { parseWorkerEnv } from "../../../apps/webhook-worker/src/env";
import { createWorkerRuntime } from "../../../apps/webhook-worker/src/wiring";

/** The chain worker's gas-paying key (sends anchors); not the deployer's. */
export const STACK_SIGNER_KEY = ANVIL_DEV_KEYS[1];
/** the API's attestation key: another account than the one paying gas, as in production */
export const STACK_ATTESTATION_KEY = ANVIL_DEV_KEYS[2];

export interface StackConfig {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** REDIS_CLUSTER_NODES: when set, every app talks to that Redis Cluster (redisUrl gives credentials) */
  redisClusterNodes?: string;
  rpcUrl: string;
  chainId: number;
  registryAddress: string;
  /** more of the chain worker's variables (TLOG_WITNESSES, …), over the stack's */
  chainWorkerEnv?: Record<string, string>;
}

const port = (server: Server) => (server.address() as AddressInfo).port;

/** anvil (0.2 s blocks) with the registry deployed by anvil's first account. */
export async function startChain(): Promise<{ anvil: AnvilInstance; registryAddress: string }> {
  const anvil = await startAnvil({ blockTimeSeconds: 0.2 });
  try {
    const registry = await deployRegistry({ rpcUrl: anvil.rpcUrl, privateKey: ANVIL_DEV_KEYS[0] });
    return { anvil, registryAddress: registry.address };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** Starts the three apps; `stop()` stops them and leaves the database, Redis and the chain alone. */
export async function startApps(config: StackConfig) {
  await loadFastKeccak();
  const shared = {
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    REDIS_PREFIX: config.redisPrefix,
    ...(config.redisClusterNodes ? { REDIS_CLUSTER_NODES: config.redisClusterNodes } : {}),
    LOG_LEVEL: "silent",
    CTXLOG_DEV_MODE: "true", // anvil's published keys sign
    ...TEST_SECRETS_ENV,
  };
  const chainShared = {
    RPC_URL: config.rpcUrl,
    CHAIN_ID: String(config.chainId),
    REGISTRY_ADDRESS: config.registryAddress,
    SIGNER_PRIVATE_KEY: STACK_SIGNER_KEY,
    CONFIRMATIONS: "2",
    BATCH_WINDOW_MS: "150",
  };
  const apiEnv = parseApiEnv({
    ...shared,
    ...chainShared,
    ATTESTATION_PRIVATE_KEY: STACK_ATTESTATION_KEY,
    PORT: "0",
    OPS_PORT: "0",
    WEBHOOK_ALLOW_INSECURE_URLS: "true",
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  });
  const apiDeps = createApiDeps(apiEnv, createApiLogger(apiEnv.LOG_LEVEL));
  const app = createApp(apiDeps);
  const api = await new Promise<Server>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => resolve(server));
  });
  const apiOps = await serveOps(apiDeps, apiEnv);

  const chainWorker = createChainWorker(
    parseChainWorkerEnv({
      ...shared,
      ...chainShared,
      POLL_INTERVAL_MS: "50",
      RECONCILE_INTERVAL_MS: "1000",
      LEASE_TTL_MS: "3000",
      CHAIN_WORKER_METRICS_PORT: "0",
      METRICS_REFRESH_MS: "200",
      ...config.chainWorkerEnv,
    }),
    pino({ level: shared.LOG_LEVEL }),
  );
  await chainWorker.start();

  const webhookWorker = createWorkerRuntime(
    parseWorkerEnv({
      ...shared,
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      WEBHOOK_ALLOW_INSECURE_URLS: "true",
      WEBHOOK_RETRY_DELAYS_MS: "200,400,600,800",
      WEBHOOK_FANOUT_POLL_MS: "50",
      WEBHOOK_RECONCILE_INTERVAL_MS: "500",
      WEBHOOK_WORKER_METRICS_PORT: "0",
      METRICS_REFRESH_MS: "200",
    }),
    pino({ level: shared.LOG_LEVEL }),
  );
  await webhookWorker.start();

  return {
    apiUrl: `http://127.0.0.1:${port(api)}`,
    metricsUrls: {
      api: `http://127.0.0.1:${port(apiOps)}/metrics`,
      chainWorker: `http://127.0.0.1:${chainWorker.metricsPort()}/metrics`,
      webhookWorker: `http://127.0.0.1:${webhookWorker.metricsPort()}/metrics`,
    },
    async stop() {
      await webhookWorker.stop();
      await chainWorker.stop();
      await new Promise<void>((resolve) => apiOps.close(() => resolve()));
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
      await apiDeps.close();
    },
  };
}

export type RunningApps = Awaited<ReturnType<typeof startApps>>;

/** A JSON request to the running API with a key. */
export async function callApi(apps: RunningApps, key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${apps.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
