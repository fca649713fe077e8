// Test factories for anchoring at the database level (no chain): the signer of seeded contexts, a
// chain target, and a batch taken to "mined" as the tracker leaves one whose block it saw.
import type { AnchorTarget } from "../anchors/anchor-target";
import { bytesOfHex } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";

/** anvil's first dev key: signs seeded contexts */
export const TEST_CONTEXT_SIGNER = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
export const TEST_ANCHOR_TARGET: AnchorTarget = {
  signerAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  chainId: 31337,
  network: "anvil",
  registryAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
};
export const TEST_TX_HASH = `0x${"ab".repeat(32)}`;
export const TEST_BLOCK_HASH = `0x${"bb".repeat(32)}`;

/** The batch sent (TEST_TX_HASH) and mined in block TEST_BLOCK_HASH: ready for confirmAnchor. */
export const markAnchorMined = (db: DbOrTx, anchorId: string) =>
  db.$executeRaw`
    UPDATE anchors SET status = 'mined', transaction_hash = ${bytesOfHex(TEST_TX_HASH)}, sent_at = now(),
      block_hash = ${bytesOfHex(TEST_BLOCK_HASH)}, block_number = 7, block_timestamp = now(), gas_used = 50000, mined_at = now()
     WHERE id = ${anchorId}`;
