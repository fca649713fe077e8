import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { chainStatusOf, saveChainStatusOf } from "./chain-status.queries";

export interface ChainObservation {
  network: string;
  chainId: number;
  registryAddress: string;
  headBlock: bigint;
  blockTimeMs: number;
}

/** The chain worker's latest view of its network (head and observed block time). */
export async function saveChainStatus(db: DbOrTx, o: ChainObservation): Promise<void> {
  await runQuery(saveChainStatusOf, { ...o, headBlock: o.headBlock.toString() }, sqlOf(db));
}

/** The latest view saved for `network`, and when it was saved; null before any. */
export async function getChainStatus(
  db: DbOrTx,
  network: string,
): Promise<(ChainObservation & { updatedAt: Date }) | null> {
  const [row] = await runQuery(chainStatusOf, { network }, sqlOf(db));
  return row
    ? {
        network: row.network,
        chainId: row.chain_id,
        registryAddress: row.registry_address,
        headBlock: BigInt(row.head_block),
        blockTimeMs: row.block_time_ms,
        updatedAt: row.updated_at,
      }
    : null;
}
