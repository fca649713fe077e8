import type { DbOrTx } from "../prisma-types";

export interface ChainObservation {
  network: string;
  chainId: number;
  registryAddress: string;
  headBlock: bigint;
  blockTimeMs: number;
}

/** The chain worker's latest view of its network (head and observed block time). */
export async function saveChainStatus(db: DbOrTx, o: ChainObservation): Promise<void> {
  await db.chainStatus.upsert({ where: { network: o.network }, create: o, update: o });
}

export async function getChainStatus(db: DbOrTx, network: string) {
  return db.chainStatus.findUnique({ where: { network } });
}
