import { availableParallelism } from "node:os";
import { ConfigError } from "@ctxlog/core";
import { parseApiEnv } from "./env";

const base = {
  DATABASE_URL: "postgresql://root@127.0.0.1:5432/ctxlog",
  REDIS_URL: "redis://127.0.0.1:6379",
  ATTESTATION_PRIVATE_KEY: `0x${"11".repeat(32)}`,
  SECRETS_ENCRYPTION_KEY: "22".repeat(32),
  SECRETS_ENCRYPTION_KEY_ID: "k1",
};

describe("API environment", () => {
  it("takes a Redis Cluster's nodes, or sentinels, but not both", () => {
    const nodes = "127.0.0.1:7000,127.0.0.1:7001";
    expect(parseApiEnv({ ...base, REDIS_CLUSTER_NODES: nodes }).REDIS_CLUSTER_NODES).toEqual([
      { host: "127.0.0.1", port: 7000 },
      { host: "127.0.0.1", port: 7001 },
    ]);
    expect(() =>
      parseApiEnv({ ...base, REDIS_CLUSTER_NODES: nodes, REDIS_SENTINELS: "127.0.0.1:26379" }),
    ).toThrow(/REDIS_SENTINELS: set REDIS_CLUSTER_NODES or REDIS_SENTINELS, not both/);
  });

  it("runs one process unless API_PROCESSES says otherwise; auto means one per core", () => {
    expect(parseApiEnv(base).API_PROCESSES).toBe(1);
    expect(parseApiEnv({ ...base, API_PROCESSES: "3" }).API_PROCESSES).toBe(3);
    expect(parseApiEnv({ ...base, API_PROCESSES: "auto" }).API_PROCESSES).toBe(availableParallelism());
  });

  it.each(["0", "-1", "1.5", "many", "65"])("refuses API_PROCESSES=%s with a clear message", (value) => {
    expect(() => parseApiEnv({ ...base, API_PROCESSES: value })).toThrow(ConfigError);
    expect(() => parseApiEnv({ ...base, API_PROCESSES: value })).toThrow(/API_PROCESSES/);
  });

  it("serves the ops endpoints on 127.0.0.1:9463 unless told otherwise", () => {
    const env = parseApiEnv(base);
    expect(env.OPS_HOST).toBe("127.0.0.1");
    expect(env.OPS_PORT).toBe(9463);
    expect(parseApiEnv({ ...base, OPS_PORT: "9100", OPS_HOST: "10.0.0.5" })).toMatchObject({
      OPS_PORT: 9100,
      OPS_HOST: "10.0.0.5",
    });
    expect(parseApiEnv({ ...base, PORT: "0", OPS_PORT: "0" }).OPS_PORT).toBe(0);
  });

  it.each([
    ["-1", {}],
    ["65536", {}],
    ["1.5", {}],
    ["metrics", {}],
    ["3000", {}], // the default PORT: operations would be public again
    ["8080", { PORT: "8080" }],
  ])("refuses OPS_PORT=%s with a clear message", (value, extra) => {
    expect(() => parseApiEnv({ ...base, ...extra, OPS_PORT: value })).toThrow(ConfigError);
    expect(() => parseApiEnv({ ...base, ...extra, OPS_PORT: value })).toThrow(/OPS_PORT/);
  });

  it("mails through SMTP_URL (smtp or smtps) From MAIL_FROM, required with it; says what is wrong without echoing the URL", () => {
    const smtp = {
      SMTP_URL: "smtps://mailer:p4ss@smtp.example.com:465",
      MAIL_FROM: "ctxlog <no-reply@example.com>",
    };
    expect(parseApiEnv({ ...base, ...smtp })).toMatchObject(smtp);
    expect(parseApiEnv({ ...base, SMTP_URL: "" }).SMTP_URL).toBeUndefined();
    expect(parseApiEnv({ ...base, ...smtp, MAIL_FROM: "no-reply@example.com" }).MAIL_FROM).toBe(
      "no-reply@example.com",
    );
    expect(() => parseApiEnv({ ...base, SMTP_URL: smtp.SMTP_URL })).toThrow(
      /MAIL_FROM: is required with SMTP_URL/,
    );
    expect(() => parseApiEnv({ ...base, ...smtp, MAIL_FROM: "nobody" })).toThrow(/MAIL_FROM: an address/);
    let thrown: unknown;
    try {
      parseApiEnv({ ...base, SMTP_URL: "https://mailer:p4ss@smtp.example.com" });
    } catch (err) {
      thrown = err;
    }
    expect(String(thrown)).toMatch(/SMTP_URL: an SMTP server as smtp:\/\//);
    expect(String(thrown)).not.toContain("p4ss");
  });

  it("requires the secrets encryption key and its id, and says what is wrong without echoing it", () => {
    const { SECRETS_ENCRYPTION_KEY: _k, SECRETS_ENCRYPTION_KEY_ID: _i, ...withoutKey } = base;
    expect(() => parseApiEnv(withoutKey)).toThrow(
      /SECRETS_ENCRYPTION_KEY: required: 32 random bytes[\s\S]*SECRETS_ENCRYPTION_KEY_ID: required/,
    );
    const short = () => parseApiEnv({ ...base, SECRETS_ENCRYPTION_KEY: "abcd1234" });
    expect(short).toThrow(/SECRETS_ENCRYPTION_KEY: expected 32 random bytes as 64 hex characters or base64/);
    expect(short).not.toThrow(/abcd1234/);
    expect(() => parseApiEnv({ ...base, SECRETS_ENCRYPTION_OLD_KEYS: `k1:${"33".repeat(32)}` })).toThrow(
      /SECRETS_ENCRYPTION_OLD_KEYS: key id "k1" is the current/,
    );
    const env = parseApiEnv({ ...base, SECRETS_ENCRYPTION_OLD_KEYS: `k0:${"33".repeat(32)}` });
    expect(env.SECRETS_ENCRYPTION_OLD_KEYS).toBe(`k0:${"33".repeat(32)}`);
  });
});

describe("well-known development keys", () => {
  const anvil0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
  const envExampleKey = "ZGV2LW9ubHktc2VjcmV0cy1rZXktMzItYnl0ZXMtLSE=";

  it("refuses them, naming each variable, unless CTXLOG_DEV_MODE=true", () => {
    const run = () =>
      parseApiEnv({ ...base, ATTESTATION_PRIVATE_KEY: anvil0, SECRETS_ENCRYPTION_KEY: envExampleKey });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/ATTESTATION_PRIVATE_KEY: is anvil's published development account #0/);
    expect(run).toThrow(/SECRETS_ENCRYPTION_KEY: is the development key of \.env\.example/);
    const dev = { ...base, ATTESTATION_PRIVATE_KEY: anvil0, SECRETS_ENCRYPTION_KEY: envExampleKey };
    expect(parseApiEnv({ ...dev, CTXLOG_DEV_MODE: "true" }).ATTESTATION_PRIVATE_KEY).toBe(anvil0);
  });
});

describe("the attestation key", () => {
  it("must differ from SIGNER_PRIVATE_KEY outside development mode (whatever the case or 0x prefix)", () => {
    const gasKey = `0x${"ab".repeat(32)}`;
    const same = { ...base, ATTESTATION_PRIVATE_KEY: gasKey, SIGNER_PRIVATE_KEY: `AB`.repeat(32) };
    expect(() => parseApiEnv(same)).toThrow(ConfigError);
    expect(() => parseApiEnv(same)).toThrow(/ATTESTATION_PRIVATE_KEY: must differ from SIGNER_PRIVATE_KEY/);
    expect(parseApiEnv({ ...same, CTXLOG_DEV_MODE: "true" }).ATTESTATION_PRIVATE_KEY).toBe(gasKey);
    const apart = parseApiEnv({ ...base, SIGNER_PRIVATE_KEY: gasKey });
    expect(apart.ATTESTATION_PRIVATE_KEY).toBe(base.ATTESTATION_PRIVATE_KEY);
    expect(apart).not.toHaveProperty("SIGNER_PRIVATE_KEY"); // the gas key is not kept
  });

  it("bounds every request by REQUEST_TIMEOUT_MS, 10 s unless told otherwise", () => {
    expect(parseApiEnv(base).REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(parseApiEnv({ ...base, REQUEST_TIMEOUT_MS: "2500" }).REQUEST_TIMEOUT_MS).toBe(2_500);
    expect(() => parseApiEnv({ ...base, REQUEST_TIMEOUT_MS: "0" })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});
