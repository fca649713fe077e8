// Test-only: a real anvil with the real ContextRegistry, a batch of contexts hashed, signed and
// put in a Merkle tree by the SERVER's own code (@ctxlog/core), anchored from a dev account, and
// one proof bundle per context. Whatever the SDK verifies here, it verifies byte for byte against
// what the service produces. Lives outside packages/sdk, which depends on no server package.

import { deployRegistry, registryAbi } from "@ctxlog/contracts";
import { ANVIL_DEV_KEYS, type AnvilInstance, startAnvil } from "@ctxlog/contracts/anvil";
import {
  buildMerkleTree,
  createContextSigner,
  entryHash,
  hashContext,
  RECEIPT_DOMAIN,
  ZERO_ENTRY_HASH,
} from "@ctxlog/core";
import type { ProofBundle } from "@ctxlog/sdk";
import {
  type Address,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  publicActions,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

// One key signs the contexts and sends the anchors, as the service is deployed: the Anchored log's
// submitter is then the bundle's signer_address (the SDK's default anchor_submitter trust).
export const SERVICE_SIGNER_KEY = ANVIL_DEV_KEYS[0];
export const SUBMITTER_KEY = SERVICE_SIGNER_KEY;
/** The user whose agent logs the fixture's chained bundles are entries of. */
export const FIXTURE_USER = "usr_fixture";
/** An account that is not the service's: its anchors must fail anchor_submitter. */
export const STRANGER_KEY = ANVIL_DEV_KEYS[2];

/** Deliberately awkward inputs: key order, non-ASCII, escapes, numbers JCS formats specially. */
export const FIXTURE_CONTEXTS = [
  { agent_id: "planner-7", context_data: { task: "summarize", steps: 3 }, metadata: { run: 42 } },
  { agent_id: "agent-ü", context_data: { z: 1, a: [true, null, 'é\u2028\n"\\'], "€": { b: 2, a: 1 } } },
  {
    agent_id: "agent-3",
    context_data: { n: [1e21, 1e-7, -0, 0.1, 123456789012345680000, 5e-324] },
    metadata: {},
  },
  {
    agent_id: "agent-4",
    context_data: { emoji: "😀", "\ud83d\ude00k": 1, "\u00e9": 2, e: 3 },
    metadata: { x: null },
  },
  { agent_id: "agent-5", context_data: {}, metadata: { deep: { a: { b: { c: [{}] } } } } },
] as const;

export interface AnchorFixture {
  anvil: AnvilInstance;
  rpcUrl: string;
  chainId: number;
  registry: Address;
  deployTxHash: Hex;
  anchorTxHash: Hex;
  signerAddress: Address;
  submitterAddress: Address;
  /** One bundle per FIXTURE_CONTEXTS entry, for the same anchored batch (version 1: leaf context_hash). */
  bundles: ProofBundle[];
  /**
   * The same contexts as entries of agent logs (each the first of its agent's log), in the same
   * anchored batch: version 2 (EIP-191 over context_hash) and version 3 (the EIP-712 receipt's
   * signature), whose leaf is the entry hash.
   */
  chained: { 2: ProofBundle[]; 3: ProofBundle[] };
  /** Mines `n` empty blocks. */
  mine(n: number): Promise<void>;
  /**
   * Sends `anchor(root, count)` from the submitter (or `fromKey`), with a fixed gas limit so a
   * revert is mined too.
   */
  anchor(
    root: Hex,
    count: number,
    fromKey?: Hex,
  ): Promise<{ hash: Hex; blockNumber: bigint; status: string }>;
  stop(): Promise<void>;
}

export async function startAnchorFixture(opts: { chainId?: number; confirmations?: number } = {}) {
  const anvil = await startAnvil({ chainId: opts.chainId ?? 31337 });
  try {
    const chain = defineChain({
      id: anvil.chainId,
      name: "anvil",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    const transport = http(anvil.rpcUrl);
    const submitter = privateKeyToAccount(SUBMITTER_KEY);
    const wallet = createWalletClient({ account: submitter, chain, transport }).extend(publicActions);
    const testClient = createTestClient({ mode: "anvil", chain, transport });
    const deployed = await deployRegistry({ rpcUrl: anvil.rpcUrl, privateKey: SUBMITTER_KEY });

    const anchor: AnchorFixture["anchor"] = async (root, count, fromKey) => {
      const from = fromKey
        ? createWalletClient({ account: privateKeyToAccount(fromKey), chain, transport })
        : wallet;
      const hash = await from.writeContract({
        address: deployed.address,
        abi: registryAbi,
        functionName: "anchor",
        args: [root, count],
        gas: 100_000n, // skips estimation, which would refuse a reverting call instead of mining it
      });
      const receipt = await wallet.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      return { hash, blockNumber: receipt.blockNumber, status: receipt.status };
    };

    const signer = createContextSigner(SERVICE_SIGNER_KEY);
    const hashed = FIXTURE_CONTEXTS.map((c) => hashContext(c));
    const entries = FIXTURE_CONTEXTS.map((c, i) => ({
      contextHash: (hashed[i] as { contextHash: Hex }).contextHash,
      userId: FIXTURE_USER,
      agentId: c.agent_id,
      sequence: 1,
      prevEntryHash: ZERO_ENTRY_HASH,
      receivedAt: new Date(Date.UTC(2026, 10, 26, 12, 0, 0, 123 + i)),
    }));
    const entryHashes = entries.map((e) => entryHash(e));
    const tree = buildMerkleTree([...hashed.map((h) => h.contextHash), ...entryHashes]);
    const anchored = await anchor(tree.root, hashed.length + entryHashes.length);
    if (anchored.status !== "success") throw new Error("fixture anchor reverted");
    const confirmations = opts.confirmations ?? 3;
    await testClient.mine({ blocks: confirmations - 1 }); // the anchor's own block is the first

    const bundles: ProofBundle[] = [];
    for (const [i, c] of FIXTURE_CONTEXTS.entries()) {
      const h = hashed[i] as { canonical: string; contextHash: Hex };
      bundles.push({
        context_id: `ctx_FIXTURE${i}`,
        context: {
          agent_id: c.agent_id,
          context_data: c.context_data,
          metadata: "metadata" in c ? c.metadata : {},
        },
        canonical_context: h.canonical,
        canonicalization: "RFC8785",
        hash_algorithm: "keccak256",
        context_hash: h.contextHash,
        signature: await signer.sign(h.contextHash),
        signature_scheme: "EIP-191",
        signer_address: signer.address,
        merkle_algorithm: "sorted-pair-keccak256",
        leaf_index: i,
        merkle_proof: tree.proofs[i] as Hex[],
        merkle_root: tree.root,
        chain_id: anvil.chainId,
        network: "anvil",
        registry_address: deployed.address,
        transaction_hash: anchored.hash,
        block_number: Number(anchored.blockNumber),
        required_confirmations: confirmations,
      });
    }
    const chained = { 2: [] as ProofBundle[], 3: [] as ProofBundle[] };
    for (const [i, e] of entries.entries()) {
      const leafIndex = hashed.length + i;
      const base = {
        ...(bundles[i] as ProofBundle),
        context_id: `ctx_FIXTURE_CHAINED${i}`,
        user_id: e.userId,
        sequence: e.sequence,
        prev_entry_hash: e.prevEntryHash,
        entry_hash: entryHashes[i] as Hex,
        leaf_index: leafIndex,
        merkle_proof: tree.proofs[leafIndex] as Hex[],
      };
      chained[2].push({ ...base, version: 2 });
      chained[3].push({
        ...base,
        version: 3,
        signature: signer.signReceipt(e),
        signature_scheme: "EIP-712",
        received_at: e.receivedAt.toISOString(),
        eip712_domain: { ...RECEIPT_DOMAIN },
      });
    }
    // A bundle goes through JSON on its way to a verifier: make sure nothing here survives only in memory.
    const roundTripped = JSON.parse(JSON.stringify(bundles)) as ProofBundle[];

    return {
      anvil,
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      registry: deployed.address,
      deployTxHash: deployed.transactionHash,
      anchorTxHash: anchored.hash,
      signerAddress: signer.address,
      submitterAddress: submitter.address,
      bundles: roundTripped,
      chained: JSON.parse(JSON.stringify(chained)) as AnchorFixture["chained"],
      mine: (n: number) => testClient.mine({ blocks: n }),
      anchor,
      stop: () => anvil.stop(),
    } satisfies AnchorFixture;
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** A deep copy with changes applied, for tampering. */
export function tamper(
  bundle: ProofBundle,
  change: (b: ProofBundle & Record<string, unknown>) => void,
): unknown {
  const copy = structuredClone(bundle) as ProofBundle & Record<string, unknown>;
  change(copy);
  return copy;
}
