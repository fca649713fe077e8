// Issue 22, test 3: a database whose anchors are on chain A, and an RPC_URL that serves chain B
// (same chain id, same registry address: a fresh anvil with the registry deployed the same way,
// as after `npm start` lost its chain). The worker must refuse to start, name both chains, answer
// /readyz "not ready", leave the reason for the overview, and send nothing to B.
import { deployRegistry } from "@ctxlog/contracts";
import { ANVIL_DEV_KEYS, startAnvil } from "@ctxlog/contracts/anvil";
import { readAnchoringHealth, readChainIdentity } from "@ctxlog/db";
import { findAnchorIdOf } from "@ctxlog/db/testing";
import { createPublicClient, http } from "viem";
import { type ChainHarness, createChainHarness } from "./testing/harness";
import { WrongChainError } from "./verify-chain-identity";

describe("chain worker: the chain's identity is remembered", () => {
  let h: ChainHarness;
  beforeAll(async () => {
    h = await createChainHarness();
  });
  afterAll(() => h.close());

  it("records chain A, then refuses chain B with a message naming both; nothing is sent to B", async () => {
    const worker = await h.startWorker();
    const ids = await h.submit(1);
    await h.waitForStatus(ids);
    await h.stopWorker(worker);
    const recorded = await readChainIdentity(h.db);
    const genesisA = (await h.rpc.getBlock({ blockNumber: 0n })).hash;
    expect(recorded).toMatchObject({
      chainId: 31337,
      genesisHash: genesisA,
      registryAddress: h.registry.address,
    });

    const anvilB = await startAnvil({ blockTimeSeconds: 0.2 });
    try {
      const registryB = await deployRegistry({ rpcUrl: anvilB.rpcUrl, privateKey: ANVIL_DEV_KEYS[0] });
      expect(registryB.address).toBe(h.registry.address); // only the genesis tells them apart
      const rpcB = createPublicClient({ transport: http(anvilB.rpcUrl) });
      const genesisB = (await rpcB.getBlock({ blockNumber: 0n })).hash;
      expect(genesisB).not.toBe(genesisA);

      const pending = await h.submit(2);
      const refused = h.createWorker({ RPC_URL: anvilB.rpcUrl, CHAIN_WORKER_METRICS_PORT: "0" });
      try {
        const error = await refused.start().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(WrongChainError);
        const message = (error as Error).message;
        expect(message).toContain(`genesis ${genesisB}`);
        expect(message).toContain(`genesis ${genesisA}`);
        expect(message).toMatch(/refusing to start/);

        const ready = await fetch(`http://127.0.0.1:${refused.metricsPort()}/readyz`);
        expect(ready.status).toBe(503);
        expect(((await ready.json()) as { reason: string }).reason).toBe(message);
        const health = await readAnchoringHealth(h.db, h.env.NETWORK_NAME);
        expect(health).toMatchObject({ state: "wrong_chain", lastError: message });
      } finally {
        await refused.stop();
      }
      // nothing was signed for B, nothing reached it, and the new contexts were not batched
      expect(await rpcB.getTransactionCount({ address: refused.signerAddress, blockTag: "pending" })).toBe(0);
      expect((await h.statusCounts(pending)).pending).toBe(2);
      for (const id of pending) expect(await findAnchorIdOf(h.db, id)).toBeNull();
    } finally {
      await anvilB.stop();
    }

    // back on chain A, the same database anchors again
    await h.startWorker();
    const after = await h.submit(1);
    await h.waitForStatus(after);
  });
});
