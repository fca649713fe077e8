// Integration: real PostgreSQL (a fresh database). What the chain worker records of its chain for
// readers that have only PostgreSQL: the chain it anchors on (recorded once, refused when another
// one shows up while anchors of the first exist), its view of the head, and its verdict on anchoring.

import { getChainStatus, saveChainStatus } from "../anchors/chain-status";
import { claimTestBatch, createTestDatabase, seedContexts, seedUser, type TestDatabase } from "../testing";
import { TEST_CONTEXT_SIGNER as SIGNER, TEST_ANCHOR_TARGET as TARGET } from "../testing/anchor-fixtures";
import { readAnchoringHealth, saveAnchoringHealth } from "./anchoring-health";
import { checkChainIdentity, readChainIdentity } from "./check-chain-identity";

const CHAIN_A = {
  chainId: 31337,
  genesisHash: `0x${"aa".repeat(32)}`,
  registryAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
};
const CHAIN_B = { ...CHAIN_A, genesisHash: `0x${"bb".repeat(32)}` };

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase("ctxlog_chain_records_test");
});
afterAll(() => t.drop());

describe("the chain identity", () => {
  it("is recorded on the first start, the same whatever the case of its hex, rebound while no anchor exists, refused after", async () => {
    expect(await readChainIdentity(t.db)).toBeNull();
    expect(await checkChainIdentity(t.db, CHAIN_A)).toEqual({ status: "recorded", recorded: CHAIN_A });
    const shouted = {
      ...CHAIN_A,
      genesisHash: CHAIN_A.genesisHash.toUpperCase(),
      registryAddress: CHAIN_A.registryAddress.toLowerCase(),
    };
    expect(await checkChainIdentity(t.db, shouted)).toEqual({ status: "same", recorded: CHAIN_A });
    // no anchor stored yet: nothing claims chain A, so chain B is recorded instead
    expect(await checkChainIdentity(t.db, CHAIN_B)).toEqual({
      status: "rebound",
      recorded: CHAIN_B,
      previous: CHAIN_A,
    });
    expect(await readChainIdentity(t.db)).toEqual(CHAIN_B);

    const owner = await seedUser(t.db);
    const ids = await seedContexts(t.db, owner, { count: 1, signerPrivateKey: SIGNER });
    await claimTestBatch(t.db, TARGET, ids);
    expect(await checkChainIdentity(t.db, CHAIN_A)).toEqual({ status: "mismatch", recorded: CHAIN_B });
    expect(await readChainIdentity(t.db)).toEqual(CHAIN_B);
  });
});

describe("the chain worker's view of its network", () => {
  it("is null before any, then the latest saved, its head exact past 2^53", async () => {
    expect(await getChainStatus(t.db, "anvil")).toBeNull();
    const first = { network: "anvil", chainId: 31337, registryAddress: TARGET.registryAddress };
    await saveChainStatus(t.db, { ...first, headBlock: 7n, blockTimeMs: 2_000 });
    const head = 2n ** 60n + 1n;
    const before = Date.now();
    await saveChainStatus(t.db, { ...first, headBlock: head, blockTimeMs: 1_000 });
    const status = await getChainStatus(t.db, "anvil");
    expect(status).toMatchObject({ ...first, headBlock: head, blockTimeMs: 1_000 });
    expect(status?.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(await getChainStatus(t.db, "sepolia")).toBeNull();
  });
});

describe("the anchoring verdict", () => {
  it("is null before any, then the latest saved for its network", async () => {
    expect(await readAnchoringHealth(t.db, "anvil")).toBeNull();
    const stalled = {
      network: "anvil",
      state: "stalled" as const,
      lastError: "insufficient funds",
      lastErrorAt: new Date("2026-11-01T00:00:00.123Z"),
      oldestPendingAt: new Date("2026-11-01T00:00:00.000Z"),
      thresholdSeconds: 600,
    };
    await saveAnchoringHealth(t.db, stalled);
    expect(await readAnchoringHealth(t.db, "anvil")).toMatchObject(stalled);
    const ok = {
      ...stalled,
      state: "ok" as const,
      lastError: null,
      lastErrorAt: null,
      oldestPendingAt: null,
    };
    await saveAnchoringHealth(t.db, ok);
    const read = await readAnchoringHealth(t.db, "anvil");
    expect(read).toMatchObject(ok);
    expect(read?.updatedAt).toBeInstanceOf(Date);
    expect(await readAnchoringHealth(t.db, "sepolia")).toBeNull();
  });
});
