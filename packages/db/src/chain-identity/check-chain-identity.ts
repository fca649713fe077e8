import type { PrismaClient } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";

export interface ChainIdentityFacts {
  chainId: number;
  /** hash of block 0: two chains with one chain id (a reset anvil, a fork) still differ here */
  genesisHash: string;
  registryAddress: string;
}

export type ChainIdentityCheck =
  /** first start on this database: the chain is recorded */
  | { status: "recorded"; recorded: ChainIdentityFacts }
  | { status: "same"; recorded: ChainIdentityFacts }
  /** another chain, but no anchor was ever stored: nothing claims the old one, the new one is recorded */
  | { status: "rebound"; recorded: ChainIdentityFacts; previous: ChainIdentityFacts }
  /** another chain while anchors of the recorded one exist: the worker must not start */
  | { status: "mismatch"; recorded: ChainIdentityFacts };

const ID = "anchor-chain";

const sameChain = (a: ChainIdentityFacts, b: ChainIdentityFacts) =>
  a.chainId === b.chainId &&
  a.genesisHash.toLowerCase() === b.genesisHash.toLowerCase() &&
  a.registryAddress.toLowerCase() === b.registryAddress.toLowerCase();

/**
 * Compares the chain the RPC serves with the one this database anchors on, recording it on the
 * first start. Runs in one transaction with the row locked, so two workers starting together on a
 * fresh database agree on one chain.
 */
export async function checkChainIdentity(
  db: PrismaClient,
  observed: ChainIdentityFacts,
): Promise<ChainIdentityCheck> {
  return db.$transaction(async (tx) => {
    const inserted = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO chain_identity (id, chain_id, genesis_hash, registry_address)
      VALUES (${ID}, ${observed.chainId}, ${observed.genesisHash}, ${observed.registryAddress})
      ON CONFLICT (id) DO NOTHING RETURNING id`;
    if (inserted.length > 0) return { status: "recorded", recorded: observed };
    const [row] = await tx.$queryRaw<{ chain_id: number; genesis_hash: string; registry_address: string }[]>`
      SELECT chain_id, genesis_hash, registry_address FROM chain_identity WHERE id = ${ID} FOR UPDATE`;
    if (!row) throw new Error("chain_identity: no row after the insert");
    const recorded = {
      chainId: row.chain_id,
      genesisHash: row.genesis_hash,
      registryAddress: row.registry_address,
    };
    if (sameChain(recorded, observed)) return { status: "same", recorded };
    const anchors = await tx.anchor.count({ take: 1 });
    if (anchors > 0) return { status: "mismatch", recorded };
    await tx.chainIdentity.update({
      where: { id: ID },
      data: { ...observed, recordedAt: new Date() },
    });
    return { status: "rebound", recorded: observed, previous: recorded };
  });
}

/** The recorded chain, or null before any chain worker started on this database. */
export async function readChainIdentity(db: DbOrTx): Promise<ChainIdentityFacts | null> {
  const row = await db.chainIdentity.findUnique({ where: { id: ID } });
  return row && { chainId: row.chainId, genesisHash: row.genesisHash, registryAddress: row.registryAddress };
}
