import { createServer, type Server } from "node:net";
import { waitFor } from "@ctxlog/core/testing";
import { privateKeyToAccount } from "viem/accounts";
import {
  ANVIL_DEV_ADDRESSES,
  ANVIL_DEV_KEYS,
  type AnvilInstance,
  anvilBinaryPath,
  startAnvil,
} from "./anvil";

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result: T };
  return body.result;
}

function listen(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

const started: AnvilInstance[] = [];
async function start(...args: Parameters<typeof startAnvil>): Promise<AnvilInstance> {
  const node = await startAnvil(...args);
  started.push(node);
  return node;
}

afterAll(async () => {
  await Promise.all(started.map((node) => node.stop()));
});

describe("startAnvil", () => {
  it("finds the binary shipped in @foundry-rs/anvil-<platform>", () => {
    expect(anvilBinaryPath()).toMatch(/@foundry-rs[/\\]anvil-[a-z0-9]+-[a-z0-9]+[/\\]bin[/\\]anvil(\.exe)?$/);
  });

  it("starts on a free port, with the dev accounts, and stops", async () => {
    const node = await start({ chainId: 4242, accounts: 3 });
    expect(node.port).toBeGreaterThan(0);
    expect(node.rpcUrl).toBe(`http://127.0.0.1:${node.port}`);
    expect(await rpc<string>(node.rpcUrl, "eth_chainId")).toBe("0x1092");
    const accounts = await rpc<string[]>(node.rpcUrl, "eth_accounts");
    expect(accounts.map((a) => a.toLowerCase())).toEqual(ANVIL_DEV_ADDRESSES.map((a) => a.toLowerCase()));
    expect(ANVIL_DEV_KEYS.map((key) => privateKeyToAccount(key).address)).toEqual([...ANVIL_DEV_ADDRESSES]);

    await node.stop();
    await node.stop(); // idempotent
    expect(node.process.exitCode !== null || node.process.signalCode !== null).toBe(true);
    const server = await listen(node.port); // the port is free again
    server.close();
  });

  it("gives concurrent instances different ports", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    expect(a?.port).not.toBe(b?.port);
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("mines on an interval with blockTimeSeconds (no transactions needed)", async () => {
    const node = await start({ blockTimeSeconds: 1 });
    const first = BigInt(await rpc<string>(node.rpcUrl, "eth_blockNumber"));
    const later = await waitFor(
      async () => {
        const head = BigInt(await rpc<string>(node.rpcUrl, "eth_blockNumber"));
        return head > first && head;
      },
      { timeout: 5_000, interval: 100, what: "a block mined on the interval" },
    );
    expect(later - first).toBeGreaterThanOrEqual(1n);
    await node.stop();
  });

  it("refuses a port that is already taken instead of talking to someone else", async () => {
    const server = await listen();
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      await expect(startAnvil({ port })).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      server.close();
    }
  });

  it("reports the child's stderr when it dies before answering", async () => {
    // node rejects anvil's flags and exits at once: stands in for an anvil that cannot start.
    await expect(startAnvil({ binaryPath: process.execPath })).rejects.toThrow(
      /exited with code \d+[\s\S]*--- anvil stderr ---[\s\S]*bad option/,
    );
  });

  it("reports a missing executable", async () => {
    await expect(startAnvil({ binaryPath: "/nonexistent/anvil" })).rejects.toThrow(
      /could not be started.*ENOENT/,
    );
  });
});
