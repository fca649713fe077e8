import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hash,
  type Hex,
  http,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { registryAbi, registryBytecode } from "./artifact";

export interface DeployRegistryOptions {
  rpcUrl: string;
  /** The deployer; it needs ETH for ~150k gas. */
  privateKey: Hex;
  /** Expected chain id: deployment is refused if the node reports another. Unset: asked from the node. */
  chainId?: number;
  /** Receipt polling; default 250 ms (viem's default of 4 s is slow on anvil). */
  pollingIntervalMs?: number;
  /** How long to wait for the receipt; default 120 s. */
  timeoutMs?: number;
}

export interface DeployedRegistry {
  address: Address;
  transactionHash: Hash;
  blockNumber: bigint;
  chainId: number;
  gasUsed: bigint;
}

/** Deploys ContextRegistry from `privateKey` and waits for the receipt (one block, no confirmations). */
export async function deployRegistry(opts: DeployRegistryOptions): Promise<DeployedRegistry> {
  const pollingInterval = opts.pollingIntervalMs ?? 250;
  const transport = http(opts.rpcUrl);
  const publicClient = createPublicClient({ transport, pollingInterval });
  const chainId = opts.chainId ?? (await publicClient.getChainId());
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const wallet = createWalletClient({ account: privateKeyToAccount(opts.privateKey), chain, transport });
  // With `chain` set, viem checks eth_chainId against it before signing (ChainMismatchError).
  const transactionHash = await wallet.deployContract({ abi: registryAbi, bytecode: registryBytecode });
  const receipt = await publicClient.waitForTransactionReceipt({
    hash: transactionHash,
    pollingInterval,
    timeout: opts.timeoutMs ?? 120_000,
  });
  if (receipt.status !== "success" || !receipt.contractAddress) {
    throw new Error(`ContextRegistry deployment ${transactionHash} reverted (block ${receipt.blockNumber})`);
  }
  return {
    address: getAddress(receipt.contractAddress),
    transactionHash,
    blockNumber: receipt.blockNumber,
    chainId,
    gasUsed: receipt.gasUsed,
  };
}
