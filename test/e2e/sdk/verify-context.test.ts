// Integration: a real anvil, the real registry, contexts hashed/signed/treed by the server's code.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { ProofBundle } from "@ctxlog/sdk";
import { CHECK_NAMES, RpcUnreachableError, verifyContext } from "@ctxlog/sdk";
import { toEventSelector } from "viem";
import { type AnchorFixture, startAnchorFixture, tamper } from "./anchor-fixture";

let f: AnchorFixture;
let bundle: ProofBundle;

beforeAll(async () => {
  f = await startAnchorFixture({ confirmations: 3 });
  bundle = f.bundles[0] as ProofBundle;
});
afterAll(() => f?.stop());

const verify = (b: unknown, opts: Partial<Parameters<typeof verifyContext>[1]> = {}) =>
  verifyContext(b, { rpcUrl: f.rpcUrl, ...opts });
const failed = (result: Awaited<ReturnType<typeof verifyContext>>) =>
  result.checks.filter((c) => !c.ok).map((c) => c.name);

describe("verifyContext — a genuine bundle", () => {
  it("verifies every context of the batch, reporting all eight checks in order", async () => {
    for (const b of f.bundles) {
      const result = await verify(b);
      expect(failed(result)).toEqual([]);
      expect(result.verified).toBe(true);
      expect(result.checks.map((c) => c.name)).toEqual([...CHECK_NAMES]);
      expect(result.block_number).toBe(b.block_number);
      expect(result.confirmations).toBe(3);
    }
  });

  it.each([2, 3] as const)(
    "verifies version %i bundles (entries of agent logs) of the same batch",
    async (v) => {
      for (const b of f.chained[v]) {
        const result = await verify(b);
        expect(failed(result)).toEqual([]);
        expect(result.checks.find((c) => c.name === "signature_valid")?.reason).toContain(
          v === 3 ? "EIP-712 receipt signature" : "EIP-191 signature",
        );
      }
    },
  );

  it("a version 3 bundle's signature covers every receipt field, and its scheme is its version's", async () => {
    const v3 = f.chained[3][1] as ProofBundle;
    const v2 = f.chained[2][1] as ProofBundle;
    const cases: [string, unknown][] = [
      [
        "received_at a millisecond later",
        tamper(v3, (b) => {
          b.received_at = new Date(Date.parse(b.received_at as string) + 1).toISOString();
        }),
      ],
      [
        "another domain",
        tamper(v3, (b) => {
          b.eip712_domain = { name: "ctxlog", version: "2" } as never;
        }),
      ],
      [
        "no received_at",
        tamper(v3, (b) => {
          delete b.received_at;
        }),
      ],
      [
        "the EIP-191 signature of version 2",
        tamper(v3, (b) => {
          b.signature = v2.signature;
        }),
      ],
      [
        "version 2 claiming EIP-712",
        tamper(v2, (b) => {
          b.signature_scheme = "EIP-712";
        }),
      ],
      [
        "version 3 claiming EIP-191",
        tamper(v3, (b) => {
          b.signature_scheme = "EIP-191";
        }),
      ],
    ];
    for (const [name, b] of cases)
      expect([name, failed(await verify(b))]).toEqual([name, ["signature_valid"]]);
  });

  it("accepts the signer when it is among expectedSigners (any case)", async () => {
    const result = await verify(bundle, {
      expectedSigners: ["0x0000000000000000000000000000000000000001", f.signerAddress.toLowerCase()],
    });
    expect(result.verified).toBe(true);
  });

  it("counts confirmations from the head: more blocks, more confirmations", async () => {
    await f.mine(2);
    const result = await verify(bundle);
    expect(result.confirmations).toBe(5);
    expect(result.verified).toBe(true);
  });

  it("a single-leaf batch (empty proof, root = leaf) verifies too", async () => {
    const leaf = bundle.context_hash;
    const anchored = await f.anchor(leaf, 1);
    await f.mine(3);
    const single = tamper(bundle, (b) => {
      b.merkle_proof = [];
      b.merkle_root = leaf;
      b.leaf_index = 0;
      b.transaction_hash = anchored.hash;
      b.block_number = Number(anchored.blockNumber);
    });
    const result = await verify(single);
    expect(failed(result)).toEqual([]);
  });
});

describe("verifyContext — the RPC endpoint", () => {
  let refusing: string;
  let notAnRpc: Server;
  beforeAll(async () => {
    // A port that was free a moment ago: connections are refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    refusing = `http://127.0.0.1:${port}`;
    notAnRpc = createServer((_req, res) =>
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>nope</h1>"),
    );
    await new Promise<void>((resolve) => notAnRpc.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise((resolve) => notAnRpc.close(resolve)));

  it("throws RpcUnreachableError when nothing listens", async () => {
    await expect(verifyContext(bundle, { rpcUrl: refusing, timeoutMs: 2_000 })).rejects.toBeInstanceOf(
      RpcUnreachableError,
    );
  });

  it("throws RpcUnreachableError when what answers is not a JSON-RPC node", async () => {
    const { port } = notAnRpc.address() as { port: number };
    const error = await verifyContext(bundle, { rpcUrl: `http://127.0.0.1:${port}` }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RpcUnreachableError);
    expect((error as RpcUnreachableError).rpcUrl).toBe(`http://127.0.0.1:${port}`);
  });
});

describe("an independent tool sees the same anchor", () => {
  it("`cast receipt --json` shows the Anchored log from the registry with topic[1] = merkle_root", async () => {
    const cast = path.join(
      path.dirname(require.resolve("@foundry-rs/cast-linux-amd64/package.json")),
      "bin",
      "cast",
    );
    const { stdout } = await promisify(execFile)(cast, [
      "receipt",
      f.anchorTxHash,
      "--rpc-url",
      f.rpcUrl,
      "--json",
    ]);
    const receipt = JSON.parse(stdout) as {
      status: string;
      to: string;
      blockNumber: string;
      logs: { address: string; topics: string[] }[];
    };
    expect(receipt.status).toBe("0x1");
    expect(receipt.to.toLowerCase()).toBe(f.registry.toLowerCase());
    expect(Number(receipt.blockNumber)).toBe(bundle.block_number);
    const anchored = receipt.logs.filter((l) => l.address.toLowerCase() === f.registry.toLowerCase());
    expect(anchored).toHaveLength(1);
    expect(anchored[0]?.topics[0]).toBe(toEventSelector("Anchored(bytes32,uint32,address)"));
    expect(anchored[0]?.topics[1]).toBe(bundle.merkle_root);
    expect(`0x${anchored[0]?.topics[2]?.slice(26)}`).toBe(f.submitterAddress.toLowerCase());
  });
});

describe("docs/verification.md's cast recipe for a bundle's signature", () => {
  const cast = path.join(__dirname, "../../../node_modules/@foundry-rs/cast-linux-amd64/bin/cast");
  const readme = readFileSync(path.join(__dirname, "../../../docs/verification.md"), "utf8");
  // docs/verification.md's node one-liner that writes the Receipt's typed data, as a user would run it
  const script = /^node -e '(.+)' > receipt\.json$/m.exec(readme)?.[1] as string;
  const castVerify = async (dir: string, args: string[]) =>
    promisify(execFile)(cast, ["wallet", "verify", ...args], { cwd: dir }).then(
      () => true,
      () => false,
    );

  it("version 3: cast verifies the Receipt's EIP-712 signature from the bundle alone; any field changed, it does not", async () => {
    expect(script).toContain("Receipt");
    const dir = mkdtempSync(path.join(tmpdir(), "ctxlog-recipe-"));
    try {
      const check = async (b: unknown) => {
        writeFileSync(path.join(dir, "proof.json"), JSON.stringify(b));
        const { stdout } = await promisify(execFile)(process.execPath, ["-e", script], { cwd: dir });
        writeFileSync(path.join(dir, "receipt.json"), stdout);
        const bundle = b as ProofBundle;
        return castVerify(dir, [
          "--data",
          "--from-file",
          "receipt.json",
          "--address",
          bundle.signer_address,
          bundle.signature,
        ]);
      };
      const v3 = f.chained[3][0] as ProofBundle;
      expect(await check(v3)).toBe(true);
      expect(
        await check(
          tamper(v3, (b) => {
            b.sequence = 2;
          }),
        ),
      ).toBe(false);
      // version 2 (EIP-191 over context_hash), as docs/verification.md says
      const v2 = f.chained[2][0] as ProofBundle;
      expect(await castVerify(dir, ["--address", v2.signer_address, v2.context_hash, v2.signature])).toBe(
        true,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
