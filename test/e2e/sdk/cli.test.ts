// The `ctxlog` bin as a user runs it: a child process on a bundle file, against a real anvil.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ProofBundle } from "@ctxlog/sdk";
import { CHECK_NAMES } from "@ctxlog/sdk";
import { type AnchorFixture, startAnchorFixture, tamper } from "./anchor-fixture";

const BIN = path.join(__dirname, "..", "..", "..", "packages", "sdk", "bin", "ctxlog.js");
let f: AnchorFixture;
let dir: string;

beforeAll(async () => {
  f = await startAnchorFixture({ confirmations: 2 });
  dir = mkdtempSync(path.join(tmpdir(), "ctxlog-cli-"));
});
afterAll(async () => {
  await f?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function writeBundle(name: string, bundle: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof bundle === "string" ? bundle : JSON.stringify(bundle, null, 2));
  return file;
}

/** Runs the bin from source (CTXLOG_SDK_FROM_SOURCE=1), so a stale dist/ cannot hide a change. */
function ctxlog(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, CTXLOG_SDK_FROM_SOURCE: "1", CTXLOG_RPC_URL: "" }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

describe("ctxlog verify", () => {
  it("prints every check and exits 0 for a genuine bundle", async () => {
    const file = writeBundle("ok.json", f.bundles[0]);
    const { code, stdout } = await ctxlog(["verify", file, "--rpc-url", f.rpcUrl]);
    expect(code).toBe(0);
    for (const name of CHECK_NAMES) expect(stdout).toMatch(new RegExp(`^PASS +${name}\\b`, "m"));
    expect(stdout).toMatch(/VERIFIED: ctx_FIXTURE0 is in block \d+ with 2 confirmations/);
  });

  it.each([2, 3] as const)(
    "exits 0 for a genuine version %i bundle (an entry of an agent log)",
    async (v) => {
      const file = writeBundle(`v${v}.json`, f.chained[v][0]);
      const { code, stdout } = await ctxlog(["verify", file, "--rpc-url", f.rpcUrl]);
      expect([code, stdout]).toEqual([0, expect.stringMatching(/^VERIFIED: ctx_FIXTURE_CHAINED0/m)]);
      expect(stdout).toMatch(
        v === 3 ? /PASS +signature_valid.*EIP-712 receipt/ : /PASS +signature_valid.*EIP-191/,
      );
    },
  );

  it("exits 1 and prints the failing check for a tampered bundle", async () => {
    const bundle = f.bundles[1] as ProofBundle;
    const file = writeBundle(
      "tampered.json",
      tamper(bundle, (b) => {
        b.context_hash = (f.bundles[2] as ProofBundle).context_hash;
      }),
    );
    const { code, stdout } = await ctxlog(["verify", file, "--rpc-url", f.rpcUrl]);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /^FAIL +hash_matches +keccak256\(canonical_context\) is 0x[0-9a-f]{64}, the bundle says/m,
    );
    expect(stdout).toMatch(/^PASS +canonical_context/m);
    expect(stdout).toMatch(/NOT VERIFIED: hash_matches, signature_valid, merkle_proof failed/);
  });

  it("--confirmations and --expected-signer are applied", async () => {
    const file = writeBundle("ok2.json", f.bundles[0]);
    const strict = await ctxlog(["verify", file, "--rpc-url", f.rpcUrl, "--confirmations", "50"]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/^FAIL +confirmations +2 confirmations < 50 required/m);
    const untrusted = await ctxlog([
      "verify",
      file,
      "--rpc-url",
      f.rpcUrl,
      "--expected-signer",
      "0x000000000000000000000000000000000000dEaD",
    ]);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stdout).toMatch(/^FAIL +signature_valid/m);
    const trusted = await ctxlog([
      "verify",
      file,
      "--rpc-url",
      f.rpcUrl,
      "--expected-signer",
      f.signerAddress,
    ]);
    expect(trusted.code).toBe(0);
  });

  it("--json prints the result object; `-` reads the bundle from stdin", async () => {
    const { code, stdout } = await ctxlog(
      ["verify", "-", "--rpc-url", f.rpcUrl, "--json"],
      JSON.stringify(f.bundles[3]),
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({
      verified: true,
      confirmations: 2,
      block_number: (f.bundles[3] as ProofBundle).block_number,
    });
    expect(result.checks.map((c: { name: string }) => c.name)).toEqual([...CHECK_NAMES]);
  });

  it("exits 3 when the RPC endpoint is unreachable", async () => {
    const file = writeBundle("ok3.json", f.bundles[0]);
    const { code, stderr } = await ctxlog(["verify", file, "--rpc-url", "http://127.0.0.1:1"]);
    expect(code).toBe(3);
    expect(stderr).toMatch(/unreachable/);
  });

  it.each([
    ["no --rpc-url", (file: string) => ["verify", file]],
    ["a missing file", () => ["verify", path.join(dir, "nope.json"), "--rpc-url", "http://127.0.0.1:1"]],
    [
      "a file that is not JSON",
      () => ["verify", writeBundle("bad.json", "{not json"), "--rpc-url", "http://127.0.0.1:1"],
    ],
    ["an unknown option", (file: string) => ["verify", file, "--rpc-url", "http://x", "--frobnicate"]],
    ["an unknown command", () => ["prove", "x"]],
  ])("exits 2 on %s", async (_label, args) => {
    const { code, stderr } = await ctxlog(args(writeBundle("any.json", f.bundles[0])));
    expect(code).toBe(2);
    expect(stderr).not.toBe("");
  });

  it("--help and --version exit 0", async () => {
    const help = await ctxlog(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/ctxlog verify <proof\.json/);
    const version = await ctxlog(["--version"]);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
