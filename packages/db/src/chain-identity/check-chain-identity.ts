import { bufferOfHex, hexOf } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, sqlOf } from "../sql-transaction";
import {
  anyAnchor,
  chainIdentityOf,
  lockChainIdentity,
  rebindChainIdentity,
  recordChainIdentity,
} from "./check-chain-identity.queries";

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
  db: DbOrTx,
  observed: ChainIdentityFacts,
): Promise<ChainIdentityCheck> {
  return inSqlTransaction(db, async (sql) => {
    const inserted = await runQuery(recordChainIdentity, { id: ID, ...paramsOf(observed) }, sql);
    if (inserted.length > 0) return { status: "recorded", recorded: observed };
    const [row] = await runQuery(lockChainIdentity, { id: ID }, sql);
    if (!row) throw new Error("chain_identity: no row after the insert");
    const recorded = factsOf(row);
    if (sameChain(recorded, observed)) return { status: "same", recorded };
    const [anchors] = await runQuery(anyAnchor, undefined, sql);
    if (anchors?.stored) return { status: "mismatch", recorded };
    await runQuery(rebindChainIdentity, { id: ID, ...paramsOf(observed) }, sql);
    return { status: "rebound", recorded: observed, previous: recorded };
  });
}

/** The recorded chain, or null before any chain worker started on this database. */
export async function readChainIdentity(db: DbOrTx): Promise<ChainIdentityFacts | null> {
  const [row] = await runQuery(chainIdentityOf, { id: ID }, sqlOf(db));
  return row ? factsOf(row) : null;
}

/** The recorded chain and whether any anchor claims it (`npm start`'s check of a lost local chain). */
export async function readChainClaim(
  db: DbOrTx,
): Promise<(ChainIdentityFacts & { anchored: boolean }) | null> {
  const sql = sqlOf(db);
  const [row] = await runQuery(chainIdentityOf, { id: ID }, sql);
  if (!row) return null;
  const [anchors] = await runQuery(anyAnchor, undefined, sql);
  return { ...factsOf(row), anchored: anchors?.stored === true };
}

// the genesis hash is stored as its bytes (hex-columns.ts), and shown as 0x-hex
const factsOf = (row: { chain_id: number; genesis_hash: Buffer; registry_address: string }) => ({
  chainId: row.chain_id,
  genesisHash: hexOf(row.genesis_hash),
  registryAddress: row.registry_address,
});

const paramsOf = (facts: ChainIdentityFacts) => ({
  chainId: facts.chainId,
  genesisHash: bufferOfHex(facts.genesisHash),
  registryAddress: facts.registryAddress,
});
