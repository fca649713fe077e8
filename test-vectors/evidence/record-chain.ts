// A real chain for the pack vectors: anvil, the registry, and one anchoring transaction per batch,
// each mined in a block with another transaction (so the receipts trie has more than one leaf),
// then blocks on top for the confirmations. Recorded as the node answers (raw JSON-RPC), once.
import { createRpcClient, currentFees, pendingNonce, signAnchorTransaction } from "@ctxlog/chain";
import { deployRegistry } from "@ctxlog/contracts";
import { ANVIL_DEV_KEYS, startAnvil } from "@ctxlog/contracts/anvil";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

type Raw = Record<string, unknown>;

export interface RecordedAnchor {
  root: Hex;
  transaction_hash: Hex;
  block_number: number;
  transaction: Raw;
  block: Raw;
  receipts: Raw[];
  headers: Raw[];
}

export interface RecordedChain {
  chain_id: number;
  registry_address: Hex;
  anchor_address: Hex;
  anchors: RecordedAnchor[];
  /** a block of 130 transfers of the three receipt types (receipt keys past rlp(127), so extension and branch nodes of every kind) */
  busy_block: { block: Raw; receipts: Raw[] };
}

export interface LiveChain {
  rpcUrl: string;
  /** Replaces every block from the first anchor's on with other blocks: a reorg of the anchors. */
  reorg(): Promise<void>;
}

/** Records the chain, then runs `whileLive` against the node before stopping it. */
export async function recordChain(
  roots: { root: Hex; count: number }[],
  confirmations: number,
  whileLive: (chain: RecordedChain, live: LiveChain) => Promise<void>,
): Promise<void> {
  const anvil = await startAnvil();
  try {
    const { address: registry } = await deployRegistry({
      rpcUrl: anvil.rpcUrl,
      privateKey: ANVIL_DEV_KEYS[0],
    });
    const client = createRpcClient(anvil.rpcUrl);
    const request = (method: string, params: unknown[]) =>
      client.request({ method: method as never, params: params as never }) as Promise<unknown>;
    const anchorKey = privateKeyToAccount(ANVIL_DEV_KEYS[0]);
    const bystander = privateKeyToAccount(ANVIL_DEV_KEYS[2]);
    await request("evm_setAutomine", [false]);
    const beforeAnchors = await request("evm_snapshot", []);
    const sent: { root: Hex; hash: Hex }[] = [];
    for (const { root, count } of roots) {
      // another account's transfer first, then the anchor: the anchor's receipt is not the block's only one
      await request("eth_sendTransaction", [
        { from: bystander.address, to: bystander.address, value: "0x1" },
      ]);
      const tx = await signAnchorTransaction(anchorKey, {
        chainId: anvil.chainId,
        registryAddress: registry,
        merkleRoot: root,
        count,
        nonce: await pendingNonce(client, anchorKey.address),
        gasLimit: 80_000,
        fees: await currentFees(client),
      });
      await client.sendRawTransaction({ serializedTransaction: tx.raw });
      await request("evm_mine", []);
      sent.push({ root, hash: tx.hash });
    }
    await request("anvil_mine", [`0x${confirmations.toString(16)}`]);
    const anchors: RecordedAnchor[] = [];
    for (const { root, hash } of sent) {
      const transaction = (await request("eth_getTransactionByHash", [hash])) as Raw;
      const number = Number(transaction.blockNumber);
      const blockOf = (n: number) =>
        request("eth_getBlockByNumber", [`0x${n.toString(16)}`, false]) as Promise<Raw>;
      const receipts = (await request("eth_getBlockReceipts", [`0x${number.toString(16)}`])) as Raw[];
      const headers: Raw[] = [];
      for (let n = number + 1; n < number + confirmations; n++) headers.push(await blockOf(n));
      anchors.push({
        root,
        transaction_hash: hash,
        block_number: number,
        transaction,
        block: await blockOf(number),
        receipts,
        headers,
      });
    }
    // every receipt type public chains hold: legacy (untyped, no type byte in the trie), EIP-2930
    // and EIP-1559 transactions, in turn, all paying the same (anvil's pool, ordering by tip, left
    // most of them out of the block when their tips differed)
    const gwei2 = "0x77359400";
    for (let i = 0; i < 130; i++) {
      const value = `0x${(i + 1).toString(16)}`;
      const kind = i % 3;
      const fees =
        kind === 0
          ? { type: "0x0", gasPrice: gwei2 }
          : kind === 1
            ? { type: "0x1", gasPrice: gwei2, accessList: [] }
            : { type: "0x2", maxFeePerGas: gwei2, maxPriorityFeePerGas: gwei2 };
      await request("eth_sendTransaction", [
        { from: bystander.address, to: anchorKey.address, value, ...fees },
      ]);
    }
    await request("evm_mine", []);
    const busy = (await request("eth_getBlockByNumber", ["latest", false])) as Raw;
    const busyReceipts = (await request("eth_getBlockReceipts", [busy.number])) as Raw[];
    const chain = {
      chain_id: anvil.chainId,
      registry_address: registry,
      anchor_address: anchorKey.address,
      anchors,
      busy_block: { block: busy, receipts: busyReceipts },
    };
    await whileLive(chain, {
      rpcUrl: anvil.rpcUrl,
      reorg: async () => {
        await request("evm_revert", [beforeAnchors]);
        await request("anvil_mine", ["0x40"]);
      },
    });
  } finally {
    await anvil.stop();
  }
}
