// Spawns anvil (Foundry's local EVM node) from the binary that npm installs with `@foundry-rs/anvil`:
// the wrapper package depends on one optional package per platform, and the executable lives in
// `@foundry-rs/anvil-<platform>/bin/anvil`. We call that binary directly (no `npx`, no shell), so
// the child we stop is anvil itself and its exit code and stderr are anvil's.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import type { Address, Hex } from "viem";

/**
 * Private keys of anvil's first three dev accounts (the default mnemonic "test test … junk",
 * path m/44'/60'/0'/0/i). They are PUBLIC: printed by every anvil and hardhat node, and swept on
 * any real network within seconds. Use them only against a local dev chain.
 */
export const ANVIL_DEV_KEYS = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
] as const satisfies readonly Hex[];

/** The addresses of `ANVIL_DEV_KEYS`, same order; each is funded with 10,000 ETH at start. */
export const ANVIL_DEV_ADDRESSES = [
  "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
] as const satisfies readonly Address[];

export interface StartAnvilOptions {
  /** 0 or unset: a free port is chosen (and another one tried if it is taken before anvil binds). */
  port?: number;
  /** Interval mining (`--block-time`). Unset: automine, one block per transaction, at once. */
  blockTimeSeconds?: number;
  /** Default 31337 (anvil's). */
  chainId?: number;
  /** Number of funded dev accounts; default 10 (anvil's). `ANVIL_DEV_KEYS` needs at least 3. */
  accounts?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Extra anvil flags, e.g. `["--hardfork", "cancun"]` or `["--no-mining"]`. */
  args?: readonly string[];
  /** How long to wait for `eth_chainId` to answer; default 15 s. */
  startTimeoutMs?: number;
  /** Override the executable (default: the one from `@foundry-rs/anvil-<platform>`). */
  binaryPath?: string;
}

export interface AnvilInstance {
  /** `http://<host>:<port>` */
  rpcUrl: string;
  port: number;
  chainId: number;
  /** SIGTERM, then SIGKILL after 2 s; resolves once anvil has exited. Safe to call twice. */
  stop(): Promise<void>;
  process: ChildProcess;
  /** The last few KB of anvil's stdout and stderr, for test failure messages. */
  output(): string;
}

const DEFAULT_CHAIN_ID = 31337;
const DEFAULT_HOST = "127.0.0.1";
const DEFAULT_START_TIMEOUT_MS = 15_000;
const KILL_AFTER_MS = 2_000;
const PORT_ATTEMPTS = 5;
const OUTPUT_TAIL_CHARS = 8_192;

const PLATFORM_PACKAGES: Readonly<Record<string, string>> = {
  "linux-x64": "@foundry-rs/anvil-linux-amd64",
  "linux-arm64": "@foundry-rs/anvil-linux-arm64",
  "darwin-x64": "@foundry-rs/anvil-darwin-amd64",
  "darwin-arm64": "@foundry-rs/anvil-darwin-arm64",
  "win32-x64": "@foundry-rs/anvil-win32-amd64",
};

/** Path of the anvil executable installed by `@foundry-rs/anvil` for this platform. */
export function anvilBinaryPath(): string {
  const target = `${process.platform}-${process.arch}`;
  const pkg = PLATFORM_PACKAGES[target];
  if (!pkg) throw new Error(`anvil: @foundry-rs/anvil ships no binary for ${target}`);
  let manifest: string;
  try {
    // Resolve from the wrapper, which lists the platform packages as optional dependencies, so a
    // copy nested under it (rather than hoisted to the root node_modules) is found too.
    const wrapperDir = path.dirname(require.resolve("@foundry-rs/anvil/package.json"));
    manifest = require.resolve(`${pkg}/package.json`, { paths: [wrapperDir] });
  } catch (cause) {
    throw new Error(
      `anvil: cannot find ${pkg}. It is an optional dependency of @foundry-rs/anvil: run \`npm install\` ` +
        "without --omit=optional, on this platform (a lockfile made elsewhere may lack it)",
      { cause },
    );
  }
  return path.join(path.dirname(manifest), "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
}

/** Spawns anvil and resolves once it answers `eth_chainId` with the expected chain id. */
export async function startAnvil(opts: StartAnvilOptions = {}): Promise<AnvilInstance> {
  const host = opts.host ?? DEFAULT_HOST;
  const explicitPort = opts.port !== undefined && opts.port !== 0 ? opts.port : undefined;
  if (explicitPort !== undefined) {
    // Fail clearly instead of "connecting" to whatever already listens there (often another anvil).
    if (!(await portIsFree(host, explicitPort))) {
      throw new Error(`anvil: port ${explicitPort} on ${host} is already in use`);
    }
    return launch(opts, host, explicitPort);
  }
  for (let attempt = 1; ; attempt++) {
    const port = await freePort(host);
    try {
      return await launch(opts, host, port);
    } catch (error) {
      // The free port can be taken between our probe closing and anvil binding it: pick another.
      if (!(error instanceof PortInUseError) || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

class PortInUseError extends Error {}

async function launch(opts: StartAnvilOptions, host: string, port: number): Promise<AnvilInstance> {
  const chainId = opts.chainId ?? DEFAULT_CHAIN_ID;
  const args = ["--host", host, "--port", String(port), "--chain-id", String(chainId)];
  if (opts.accounts !== undefined) args.push("--accounts", String(opts.accounts));
  if (opts.blockTimeSeconds !== undefined) args.push("--block-time", String(opts.blockTimeSeconds));
  args.push(...(opts.args ?? []));

  const binary = opts.binaryPath ?? anvilBinaryPath();
  const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
  const tail = { stdout: "", stderr: "" };
  // Always drain the pipes: anvil logs every request, and a full pipe would block it.
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    tail.stdout = (tail.stdout + chunk).slice(-OUTPUT_TAIL_CHARS);
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    tail.stderr = (tail.stderr + chunk).slice(-OUTPUT_TAIL_CHARS);
  });
  const output = () => `--- anvil stderr ---\n${tail.stderr}\n--- anvil stdout ---\n${tail.stdout}`;

  let exited = false;
  let spawnError: Error | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.once("close", () => resolve());
    child.once("error", (error) => {
      spawnError = error;
      if (child.pid === undefined) resolve(); // never started: no "close" is guaranteed
    });
  }).then(() => {
    exited = true;
    liveChildren.delete(child);
  });
  liveChildren.add(child);
  installExitHook();

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (exited) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), KILL_AFTER_MS);
      await exitPromise;
      clearTimeout(timer);
    })();
    return stopping;
  };

  const rpcUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const timeoutMs = opts.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (exited || spawnError) {
        const how = spawnError ? `could not be started (${spawnError.message})` : describeExit(child);
        const message = `anvil ${how}: ${binary} ${args.join(" ")}\n${output()}`;
        if (/address already in use|EADDRINUSE|os error 98\b/i.test(tail.stderr + tail.stdout)) {
          throw new PortInUseError(message);
        }
        throw new Error(message);
      }
      const answered = await rpcChainId(rpcUrl);
      if (answered !== undefined && !exited) {
        if (answered !== chainId)
          throw new Error(`anvil at ${rpcUrl} reports chain id ${answered}, not ${chainId}`);
        return { rpcUrl, port, chainId, stop, process: child, output };
      }
      if (Date.now() > deadline) {
        throw new Error(`anvil did not answer eth_chainId at ${rpcUrl} within ${timeoutMs} ms\n${output()}`);
      }
      await sleep(25);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

function describeExit(child: ChildProcess): string {
  return child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`;
}

async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { result?: unknown };
    return typeof body.result === "string" ? Number.parseInt(body.result, 16) : undefined;
  } catch {
    return undefined; // not listening yet
  }
}

function listenOnce(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen({ host, port, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === "object" && address !== null ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}

async function freePort(host: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await listenOnce(host, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

async function portIsFree(host: string, port: number): Promise<boolean> {
  try {
    await listenOnce(host, port);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") return false;
    throw error;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// If this process exits without calling stop() (an uncaught error, process.exit), take anvil
// down with it rather than leaving an orphan holding the port. SIGKILL of this process cannot
// be caught: that case still leaves anvil running.
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of liveChildren) child.kill("SIGKILL");
  });
}
