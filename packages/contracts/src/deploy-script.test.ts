// `npm run deploy:registry` (scripts/deploy-registry.js), the guide's command for a real network,
// run as an operator runs it against a real anvil.
import { execFile } from "node:child_process";
import path from "node:path";
import { createPublicClient, http } from "viem";
import { ANVIL_DEV_KEYS, type AnvilInstance, startAnvil } from "./anvil";

const ROOT = path.resolve(__dirname, "..", "..", "..");

function deploy(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const clean = { ...process.env };
  for (const name of ["RPC_URL", "DEPLOYER_PRIVATE_KEY", "CHAIN_ID", "CTXLOG_DEV_MODE"]) delete clean[name];
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", "deploy:registry"],
      { cwd: ROOT, env: { ...clean, ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

let anvil: AnvilInstance;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(() => anvil.stop());

describe("npm run deploy:registry", () => {
  it("deploys the registry and prints REGISTRY_ADDRESS and CHAIN_ID", async () => {
    const run = await deploy({
      RPC_URL: anvil.rpcUrl,
      DEPLOYER_PRIVATE_KEY: ANVIL_DEV_KEYS[2],
      CHAIN_ID: String(anvil.chainId),
      CTXLOG_DEV_MODE: "true", // anvil's published key
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const address = /^REGISTRY_ADDRESS=(0x[0-9a-fA-F]{40})$/m.exec(run.stdout)?.[1] as `0x${string}`;
    expect(run.stdout).toMatch(new RegExp(`^CHAIN_ID=${anvil.chainId}$`, "m"));
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect((await client.getCode({ address }))?.length).toBeGreaterThan(2);
  }, 60_000);

  it("refuses anvil's published keys outside development, naming the variable", async () => {
    const run = await deploy({ RPC_URL: anvil.rpcUrl, DEPLOYER_PRIVATE_KEY: ANVIL_DEV_KEYS[0] });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/DEPLOYER_PRIVATE_KEY: is anvil's published development account #0/);
  }, 60_000);

  it("refuses a wrong CHAIN_ID before sending anything", async () => {
    const run = await deploy({
      RPC_URL: anvil.rpcUrl,
      DEPLOYER_PRIVATE_KEY: ANVIL_DEV_KEYS[2],
      CHAIN_ID: "11155111",
      CTXLOG_DEV_MODE: "true",
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/deploy:registry: .*chain/i);
  }, 60_000);
});
