// With an RPC endpoint: each anchoring block proven offline is still the chain's block at its
// height, and the chain's head is deep enough above it. A node that cannot be asked is an
// RpcUnreachableError (the CLI's exit 3), never a failed check.
import { BaseError, createPublicClient, HttpRequestError, http, TimeoutError } from "viem";
import { RpcUnreachableError } from "../errors";
import type { PackFailure } from "./pack-failure";
import type { VerifyPackResult } from "./verify-pack";

export async function checkCanonicalBlocks(
  pack: Pick<VerifyPackResult, "blocks" | "required_confirmations">,
  rpcUrl: string,
  timeoutMs = 10_000,
): Promise<PackFailure | null> {
  const client = createPublicClient({
    transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 2, retryDelay: 200 }),
  });
  const ask = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (
        error instanceof BaseError &&
        error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)
      )
        throw new RpcUnreachableError(
          `RPC endpoint ${rpcUrl} is unreachable: ${error.shortMessage}`,
          rpcUrl,
          { cause: error },
        );
      throw error;
    }
  };
  const head = await ask(() => client.getBlockNumber({ cacheTime: 0 }));
  for (const [i, b] of pack.blocks.entries()) {
    const at = `anchors[${i}].block`;
    const block = await ask(() =>
      client.getBlock({ blockNumber: BigInt(b.block_number) }).catch((e) => {
        if (e instanceof BaseError && e.name === "BlockNotFoundError") return null;
        throw e;
      }),
    );
    if (!block || block.hash.toLowerCase() !== b.block_hash.toLowerCase())
      return {
        file: "anchors.json",
        line: null,
        at,
        check: "canonical_block",
        reason: `block ${b.block_number} is now ${block?.hash ?? "missing"}, not ${b.block_hash} (reorg)`,
      };
    const depth = Number(head - BigInt(b.block_number) + 1n);
    const needed = pack.required_confirmations ?? 1;
    if (depth < needed)
      return {
        file: "anchors.json",
        line: null,
        at,
        check: "canonical_block",
        reason: `block ${b.block_number} has ${depth} confirmations on the RPC's chain, < ${needed}`,
      };
  }
  return null;
}
