// Integration: real PostgreSQL (fresh database).

import { waitFor } from "@ctxlog/core/testing";
import { bytesOfHex } from "../hex-columns";
import { createTestDatabase, type TestDatabase } from "../testing";
import { createAnchorBatch } from "./create-anchor-batch";
import { storeSignedTransactions } from "./send-anchors";
import { acquireSignerLease, holdsSignerLease, releaseSignerLease } from "./signer-lease";

const SIGNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase("ctxlog_lease_test");
});
afterAll(() => t.drop());

describe("signer lease (PostgreSQL)", () => {
  it("one holder at a time; renewals keep the epoch; a take-over after expiry raises it", async () => {
    const a = await acquireSignerLease(t.db, SIGNER, "a", 300);
    expect(a?.epoch).toBe(1n);
    expect(await acquireSignerLease(t.db, SIGNER, "b", 300)).toBeNull();
    expect((await acquireSignerLease(t.db, SIGNER, "a", 300))?.epoch).toBe(1n);
    // taken over as soon as a's lease has run out (a refused attempt changes nothing)
    const b = await waitFor(() => acquireSignerLease(t.db, SIGNER, "b", 10_000), { timeout: 5_000 });
    expect(b.epoch).toBe(2n);
    expect(await holdsSignerLease(t.db, a as NonNullable<typeof a>)).toBe(false);
    expect(await holdsSignerLease(t.db, b as NonNullable<typeof b>)).toBe(true);
    await releaseSignerLease(t.db, b as NonNullable<typeof b>);
    expect((await acquireSignerLease(t.db, SIGNER, "c", 10_000))?.epoch).toBe(3n);
  });

  it("fencing: a stale holder's nonce assignment writes nothing", async () => {
    const signer = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
    const stale = await acquireSignerLease(t.db, signer, "old", 100);
    await waitFor(() => acquireSignerLease(t.db, signer, "new", 10_000), { timeout: 5_000 });
    await t.db.user.create({ data: { id: "usr-lease" } });
    await t.db.apiKey.create({
      data: {
        id: "key_lease",
        userId: "usr-lease",
        type: "full",
        hash: new Uint8Array(32),
        displayPrefix: "sk_",
        familyId: "f",
      },
    });
    await t.db.context.create({
      data: {
        id: "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
        userId: "usr-lease",
        apiKeyId: "key_lease",
        agentId: "a",
        contextHash: bytesOfHex(`0x${"11".repeat(32)}`),
        signature: bytesOfHex("0x"),
        signerAddress: signer,
        network: "anvil",
        estimatedConfirmation: new Date(),
      },
    });
    // pending: in the chain worker's queue, as the API's insert leaves it
    await t.db.pendingContext.create({ data: { id: "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F", userId: "usr-lease" } });
    const batch = await createAnchorBatch(
      t.db,
      { signerAddress: signer, chainId: 1, network: "anvil", registryAddress: signer },
      ["ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F"],
    );
    const stored = await storeSignedTransactions(
      t.db,
      stale as NonNullable<typeof stale>,
      [
        {
          anchorId: batch?.anchorId as string,
          hash: `0x${"22".repeat(32)}`,
          raw: "0x01",
          nonce: 0,
          gasLimit: 60_000,
          maxFeePerGas: 2n,
          maxPriorityFeePerGas: 1n,
        },
      ],
      1n,
    );
    expect(stored).toBe(false);
    expect(await t.db.anchorTransaction.count()).toBe(0);
    expect((await t.db.anchor.findUniqueOrThrow({ where: { id: batch?.anchorId } })).status).toBe("queued");
  });
});
