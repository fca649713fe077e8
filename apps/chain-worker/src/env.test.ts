import { generateNoteKey, SIGNATURE_TYPE } from "@ctxlog/core";
import { DEVELOPMENT_TLOG_SIGNING_KEY, parseChainWorkerEnv } from "./env";

const tlogKey = generateNoteKey("example.test/tlog");

const valid = {
  DATABASE_URL: "postgresql://root@127.0.0.1:5432/ctxlog",
  REDIS_URL: "redis://127.0.0.1:6379",
  RPC_URL: "http://127.0.0.1:8545",
  REGISTRY_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
  TLOG_SIGNING_KEY: tlogKey.signerKey,
  TLOG_ORIGIN: "example.test/tlog",
};

describe("chain worker configuration", () => {
  it("takes a Redis Cluster's nodes, or sentinels, but not both", () => {
    const nodes = "127.0.0.1:7000,127.0.0.1:7001";
    expect(parseChainWorkerEnv({ ...valid, REDIS_CLUSTER_NODES: nodes }).REDIS_CLUSTER_NODES).toEqual([
      { host: "127.0.0.1", port: 7000 },
      { host: "127.0.0.1", port: 7001 },
    ]);
    expect(() =>
      parseChainWorkerEnv({ ...valid, REDIS_CLUSTER_NODES: nodes, REDIS_SENTINELS: "127.0.0.1:26379" }),
    ).toThrow(/REDIS_SENTINELS: set REDIS_CLUSTER_NODES or REDIS_SENTINELS, not both/);
  });

  it("has the issue's defaults", () => {
    expect(parseChainWorkerEnv(valid)).toMatchObject({
      CONFIRMATIONS: 3,
      BATCH_MAX: 4096,
      BATCH_WINDOW_MS: 1000,
      NETWORK_NAME: "anvil",
    });
    expect(parseChainWorkerEnv(valid).CHAIN_ID).toBeUndefined();
  });

  it("lists every problem at once, by variable name", () => {
    const run = () =>
      parseChainWorkerEnv({
        ...valid,
        RPC_URL: "ftp://x",
        REGISTRY_ADDRESS: "0x12",
        SIGNER_PRIVATE_KEY: undefined,
      });
    expect(run).toThrow(/Invalid configuration for the chain worker/);
    expect(run).toThrow(/RPC_URL/);
    expect(run).toThrow(/REGISTRY_ADDRESS: the deployed registry's 20-byte address/);
    expect(run).toThrow(/SIGNER_PRIVATE_KEY/);
  });
});

describe("well-known development keys", () => {
  const anvil1 = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

  it("refuses anvil's keys as SIGNER_PRIVATE_KEY unless CTXLOG_DEV_MODE=true", () => {
    const run = () => parseChainWorkerEnv({ ...valid, SIGNER_PRIVATE_KEY: anvil1 });
    expect(run).toThrow(
      /Invalid configuration for the chain worker:\n {2}SIGNER_PRIVATE_KEY: is anvil's published development account #1, which anyone can use; set a key of your own \(or CTXLOG_DEV_MODE=true, in development only\)/,
    );
    expect(parseChainWorkerEnv({ ...valid, SIGNER_PRIVATE_KEY: anvil1, CTXLOG_DEV_MODE: "1" })).toMatchObject(
      {
        SIGNER_PRIVATE_KEY: anvil1,
      },
    );
  });

  it("needs the transparency log's signer key outside development; the development key only in it", () => {
    const { TLOG_SIGNING_KEY: _, ...withoutKey } = valid;
    expect(() => parseChainWorkerEnv(withoutKey)).toThrow(/TLOG_SIGNING_KEY: required/);
    expect(parseChainWorkerEnv({ ...withoutKey, CTXLOG_DEV_MODE: "true" }).TLOG_SIGNING_KEY).toBe(
      DEVELOPMENT_TLOG_SIGNING_KEY,
    );
    expect(() => parseChainWorkerEnv({ ...valid, TLOG_SIGNING_KEY: DEVELOPMENT_TLOG_SIGNING_KEY })).toThrow(
      /TLOG_SIGNING_KEY: is the transparency log's development key/,
    );
    expect(() => parseChainWorkerEnv({ ...valid, TLOG_SIGNING_KEY: tlogKey.verifierKey })).toThrow(
      /TLOG_SIGNING_KEY: a signed-note Ed25519 signer key/,
    );
    const witnessKey = generateNoteKey("witness.test", SIGNATURE_TYPE.cosignatureV1).signerKey;
    expect(() => parseChainWorkerEnv({ ...valid, TLOG_SIGNING_KEY: witnessKey })).toThrow(/TLOG_SIGNING_KEY/);
    expect(() => parseChainWorkerEnv({ ...valid, TLOG_ORIGIN: "a\nb" })).toThrow(/TLOG_ORIGIN: one line/);
  });
});
