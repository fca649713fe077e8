// Integration: a real anvil (automine: each transaction is mined at once, in its own block), the
// committed bytecode deployed with viem, anchor() called from dev account 0, and the receipt
// read twice: by viem, and independently by Foundry's `cast` binary.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hash,
  type Hex,
  http,
  keccak256,
  parseEventLogs,
  stringToHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_DEV_ADDRESSES, ANVIL_DEV_KEYS, type AnvilInstance, startAnvil } from "./anvil";
import { registryAbi, registryDeployedBytecode } from "./artifact";
import { type DeployedRegistry, deployRegistry } from "./deploy";

const execFileAsync = promisify(execFile);

// Not the npm wrapper (`@foundry-rs/cast`'s bin.mjs), which always exits 0: the platform binary.
function castBinaryPath(): string {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const wrapperDir = path.dirname(require.resolve("@foundry-rs/cast/package.json"));
  const manifest = require.resolve(`@foundry-rs/cast-${process.platform}-${arch}/package.json`, {
    paths: [wrapperDir],
  });
  return path.join(path.dirname(manifest), "bin", "cast");
}

async function cast(...args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(castBinaryPath(), args, { timeout: 20_000 });
  return stdout;
}

interface CastReceipt {
  status: string;
  transactionHash: string;
  blockHash: string;
  blockNumber: string;
  gasUsed: string;
  from: string;
  to: string | null;
  logs: { address: string; topics: string[]; data: string }[];
}

let anvil: AnvilInstance | undefined;
let registry: DeployedRegistry;
const submitter = privateKeyToAccount(ANVIL_DEV_KEYS[0]);

function clients(node: AnvilInstance) {
  const chain = defineChain({
    id: node.chainId,
    name: "anvil",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [node.rpcUrl] } },
  });
  const transport = http(node.rpcUrl);
  return {
    publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }),
    walletClient: createWalletClient({ account: submitter, chain, transport }),
  };
}

beforeAll(async () => {
  anvil = await startAnvil();
  registry = await deployRegistry({
    rpcUrl: anvil.rpcUrl,
    privateKey: ANVIL_DEV_KEYS[0],
    chainId: anvil.chainId,
  });
});

afterAll(async () => {
  await anvil?.stop();
});

function node(): AnvilInstance {
  if (!anvil) throw new Error("anvil did not start");
  return anvil;
}

describe("deployRegistry", () => {
  it("deploys the committed runtime bytecode", async () => {
    const { publicClient } = clients(node());
    expect(registry.chainId).toBe(31337);
    expect(registry.blockNumber).toBeGreaterThan(0n);
    expect(await publicClient.getCode({ address: registry.address })).toBe(registryDeployedBytecode);
  });

  it("refuses a chain id the node does not report", async () => {
    await expect(
      deployRegistry({ rpcUrl: node().rpcUrl, privateKey: ANVIL_DEV_KEYS[1], chainId: 1 }),
    ).rejects.toThrow(/does not match the target chain/);
  });
});

describe("ContextRegistry.anchor", () => {
  const root: Hex = keccak256(stringToHex("a batch of three contexts"));
  let hash: Hash;

  beforeAll(async () => {
    const { walletClient, publicClient } = clients(node());
    hash = await walletClient.writeContract({
      address: registry.address,
      abi: registryAbi,
      functionName: "anchor",
      args: [root, 3],
    });
    await publicClient.waitForTransactionReceipt({ hash });
  });

  it("emits Anchored(root, count, submitter), decoded by viem", async () => {
    const { publicClient } = clients(node());
    const receipt = await publicClient.getTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    const events = parseEventLogs({ abi: registryAbi, eventName: "Anchored", logs: receipt.logs });
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.address).toBe(registry.address.toLowerCase());
    expect(event?.args).toEqual({ root, count: 3, submitter: ANVIL_DEV_ADDRESSES[0] });
    // Batch size 1 vs 256 costs the same gas per transaction: no storage, one log.
    expect(receipt.gasUsed).toBeGreaterThan(21_000n);
    expect(receipt.gasUsed).toBeLessThan(26_000n);
  });

  it("shows the same receipt to cast (independent of viem)", async () => {
    const { publicClient } = clients(node());
    const receipt = await publicClient.getTransactionReceipt({ hash });
    const fromCast = JSON.parse(
      await cast("receipt", hash, "--rpc-url", node().rpcUrl, "--json"),
    ) as CastReceipt;
    expect(fromCast.status).toBe("0x1");
    expect(fromCast.transactionHash).toBe(hash);
    expect(fromCast.blockHash).toBe(receipt.blockHash);
    expect(BigInt(fromCast.gasUsed)).toBe(receipt.gasUsed);
    expect(fromCast.to).toBe(registry.address.toLowerCase());
    expect(fromCast.logs).toHaveLength(1);
    const [log] = fromCast.logs;
    expect(log?.address).toBe(registry.address.toLowerCase());
    expect(log?.topics).toEqual(receipt.logs[0]?.topics);
    expect(log?.topics).toEqual([
      keccak256(stringToHex("Anchored(bytes32,uint32,address)")),
      root,
      `0x${"0".repeat(24)}${ANVIL_DEV_ADDRESSES[0].slice(2).toLowerCase()}`,
    ]);
    expect(BigInt(log?.data ?? "0x")).toBe(3n);
  });

  it.each([
    { args: [`0x${"0".repeat(64)}`, 1] as const, error: "ZeroRoot" },
    { args: [root, 0] as const, error: "ZeroCount" },
  ])("rejects anchor($args) with $error", async ({ args, error }) => {
    const { publicClient, walletClient } = clients(node());
    const call = publicClient.simulateContract({
      account: submitter,
      address: registry.address,
      abi: registryAbi,
      functionName: "anchor",
      args: [...args],
    });
    const thrown = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(BaseError);
    const reverted = (thrown as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
    expect(reverted).toBeInstanceOf(ContractFunctionRevertedError);
    expect((reverted as ContractFunctionRevertedError).data?.errorName).toBe(error);

    // Mined anyway (explicit gas skips estimation): the receipt says reverted, with no log.
    const minedHash = await walletClient.writeContract({
      address: registry.address,
      abi: registryAbi,
      functionName: "anchor",
      args: [...args],
      gas: 100_000n,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash: minedHash });
    expect(receipt.status).toBe("reverted");
    expect(receipt.logs).toEqual([]);
    const fromCast = JSON.parse(
      await cast("receipt", minedHash, "--rpc-url", node().rpcUrl, "--json"),
    ) as CastReceipt;
    expect(fromCast.status).toBe("0x0");
  });
});
