import type { RpcClient } from "@ctxlog/chain";
import { type ChainIdentityFacts, checkChainIdentity, type PrismaClient } from "@ctxlog/db";
import type { Logger } from "pino";
import type { Address } from "viem";

/** The RPC serves another chain than the one this database's anchors are on. */
export class WrongChainError extends Error {
  override readonly name = "WrongChainError";
}

const describe = (c: ChainIdentityFacts) =>
  `chain ${c.chainId} (genesis ${c.genesisHash}, registry ${c.registryAddress})`;

/**
 * Compares what RPC_URL serves (chain id, genesis block hash, registry) with the chain this
 * database anchors on, recording it on first use. Throws WrongChainError naming both when they
 * differ while anchors of the recorded chain exist: anchoring there would leave the old contexts
 * claiming blocks that this node does not have, and its nonces would not be ours.
 */
export async function verifyChainIdentity(
  db: PrismaClient,
  rpc: RpcClient,
  chainId: number,
  registryAddress: Address,
  logger: Logger,
): Promise<ChainIdentityFacts> {
  const genesis = await rpc.getBlock({ blockNumber: 0n });
  const observed = { chainId, genesisHash: genesis.hash, registryAddress };
  const check = await checkChainIdentity(db, observed);
  switch (check.status) {
    case "mismatch":
      throw new WrongChainError(
        `RPC_URL serves ${describe(observed)}, but this database anchors on ${describe(check.recorded)}; ` +
          "refusing to start. Point RPC_URL at the recorded chain, or use another database " +
          "(development: `npm run reset` drops the database and the local chain together).",
      );
    case "rebound":
      logger.warn(
        { previous: check.previous, now: observed },
        "the database had no anchors yet: it now anchors on the chain RPC_URL serves",
      );
      break;
    case "recorded":
      logger.info(observed, "recorded the chain this database anchors on");
      break;
    default:
  }
  return observed;
}
