import { classifyRpcError, describeRpcError, type RpcClient, type RpcFailure } from "@ctxlog/chain";
import type { Hex } from "viem";

/** What the sender does next with a transaction after the node's answer. */
export type Outcome = "broadcast" | "retry" | "abandon";

const OUTCOME: Record<RpcFailure, Outcome> = {
  already_known: "broadcast",
  // the nonce is taken: by this very transaction (mined before we recorded the broadcast) or by a
  // sibling of the same anchor; the tracker finds which. Never sign anew for it.
  nonce_too_low: "broadcast",
  unreachable: "retry",
  insufficient_funds: "abandon",
  replacement_underpriced: "abandon",
  other: "abandon",
};

export type BroadcastResults = Map<string, { outcome: Outcome; kind: RpcFailure | "ok"; detail: string }>;

/**
 * Sends stored raw transactions, concurrently: the batching transport carries them in one HTTP
 * request, in nonce order. Never throws; each hash maps to its outcome.
 */
export async function broadcastRaw(
  rpc: RpcClient,
  txs: readonly { hash: string; raw: string }[],
): Promise<BroadcastResults> {
  const results: BroadcastResults = new Map();
  await Promise.all(
    txs.map(async (tx) => {
      try {
        await rpc.sendRawTransaction({ serializedTransaction: tx.raw as Hex });
        results.set(tx.hash, { outcome: "broadcast", kind: "ok", detail: "" });
      } catch (err) {
        const kind = classifyRpcError(err);
        results.set(tx.hash, { outcome: OUTCOME[kind], kind, detail: describeRpcError(err) });
      }
    }),
  );
  return results;
}
