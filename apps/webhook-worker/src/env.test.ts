import { parseWorkerEnv } from "./env";

const required = {
  DATABASE_URL: "postgresql://root@127.0.0.1:5432/x",
  REDIS_URL: "redis://127.0.0.1:6379",
  SECRETS_ENCRYPTION_KEY: "22".repeat(32),
  SECRETS_ENCRYPTION_KEY_ID: "k1",
};

describe("parseWorkerEnv", () => {
  it("takes a Redis Cluster's nodes, or sentinels, but not both", () => {
    const nodes = "127.0.0.1:7000,127.0.0.1:7001";
    expect(parseWorkerEnv({ ...required, REDIS_CLUSTER_NODES: nodes }).REDIS_CLUSTER_NODES).toEqual([
      { host: "127.0.0.1", port: 7000 },
      { host: "127.0.0.1", port: 7001 },
    ]);
    expect(() =>
      parseWorkerEnv({ ...required, REDIS_CLUSTER_NODES: nodes, REDIS_SENTINELS: "127.0.0.1:26379" }),
    ).toThrow(/REDIS_SENTINELS: set REDIS_CLUSTER_NODES or REDIS_SENTINELS, not both/);
  });

  it("defaults to the spec: a 10 s timeout and delays of 5 s, 15 s, 45 s, 2 min; the SSRF guard on", () => {
    const env = parseWorkerEnv(required);
    expect(env.WEBHOOK_TIMEOUT_MS).toBe(10_000);
    expect(env.WEBHOOK_RETRY_DELAYS_MS).toEqual([5_000, 15_000, 45_000, 120_000]);
    expect(env.WEBHOOK_ALLOW_PRIVATE_URLS).toBe(false);
    expect(env.WEBHOOK_ALLOW_INSECURE_URLS).toBe(false);
    expect(env).toMatchObject({
      REDIS_PREFIX: "ctxlog",
      WEBHOOK_CONCURRENCY: 100,
      WEBHOOK_ENDPOINT_CONCURRENCY: 10,
      WEBHOOK_RECONCILE_INTERVAL_MS: 30_000,
      WEBHOOK_LOCK_DURATION_MS: 30_000,
    });
    expect(env.WEBHOOK_WORKER_METRICS_PORT).toBeUndefined();
    expect(
      parseWorkerEnv({ ...required, WEBHOOK_WORKER_METRICS_PORT: "" }).WEBHOOK_WORKER_METRICS_PORT,
    ).toBeUndefined();
  });

  it("takes overrides for tests and development", () => {
    const env = parseWorkerEnv({
      ...required,
      WEBHOOK_TIMEOUT_MS: "1000",
      WEBHOOK_RETRY_DELAYS_MS: "100,200,300,400",
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      WEBHOOK_WORKER_METRICS_PORT: "9464",
    });
    expect(env).toMatchObject({
      WEBHOOK_TIMEOUT_MS: 1_000,
      WEBHOOK_RETRY_DELAYS_MS: [100, 200, 300, 400],
      WEBHOOK_ALLOW_PRIVATE_URLS: true,
      WEBHOOK_WORKER_METRICS_PORT: 9464,
    });
  });

  it("lists every problem at once", () => {
    expect(() =>
      parseWorkerEnv({
        DATABASE_URL: "mysql://x",
        REDIS_URL: "redis://127.0.0.1:6379",
        WEBHOOK_RETRY_DELAYS_MS: "1,2,3",
        WEBHOOK_ALLOW_PRIVATE_URLS: "yes",
      }),
    ).toThrow(/DATABASE_URL[\s\S]*WEBHOOK_RETRY_DELAYS_MS[\s\S]*WEBHOOK_ALLOW_PRIVATE_URLS/);
  });

  it("requires the key that decrypts webhook secrets, and refuses a malformed one or a reused id", () => {
    const { SECRETS_ENCRYPTION_KEY: _k, ...withoutKey } = required;
    expect(() => parseWorkerEnv(withoutKey)).toThrow(/SECRETS_ENCRYPTION_KEY: required: 32 random bytes/);
    expect(() => parseWorkerEnv({ ...required, SECRETS_ENCRYPTION_KEY: "not-a-key" })).toThrow(
      /SECRETS_ENCRYPTION_KEY: expected 32 random bytes/,
    );
    expect(() => parseWorkerEnv({ ...required, SECRETS_ENCRYPTION_OLD_KEYS: "k0:short" })).toThrow(
      /SECRETS_ENCRYPTION_OLD_KEYS: key "k0": expected 32 random bytes/,
    );
    expect(() =>
      parseWorkerEnv({ ...required, SECRETS_ENCRYPTION_OLD_KEYS: `k1:${"33".repeat(32)}` }),
    ).toThrow(/SECRETS_ENCRYPTION_OLD_KEYS: key id "k1" is the current/);
  });
});

describe("well-known development keys", () => {
  const envExampleKey = "ZGV2LW9ubHktc2VjcmV0cy1rZXktMzItYnl0ZXMtLSE=";

  it("refuses the .env.example SECRETS_ENCRYPTION_KEY unless CTXLOG_DEV_MODE=true", () => {
    const run = () => parseWorkerEnv({ ...required, SECRETS_ENCRYPTION_KEY: envExampleKey });
    expect(run).toThrow(
      /SECRETS_ENCRYPTION_KEY: is the development key of \.env\.example, which anyone can use/,
    );
    const env = parseWorkerEnv({
      ...required,
      SECRETS_ENCRYPTION_KEY: envExampleKey,
      CTXLOG_DEV_MODE: "true",
    });
    expect(env.SECRETS_ENCRYPTION_KEY_ID).toBe("k1");
  });
});
