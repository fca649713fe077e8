// Integration: a real anvil and registry, bundles hashed/signed/treed by the server's code. A
// bundle whose data was erased (context_data, metadata and canonical_context null) still verifies
// from its hashes: the SDK's verifier and the `ctxlog verify` bin report the two data checks as
// unavailable, not failed; with the data its holder kept (`data` / `--data`) they run again.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ProofBundle } from "@ctxlog/sdk";
import { CHECK_NAMES, verifyContext } from "@ctxlog/sdk";
import { type AnchorFixture, startAnchorFixture, tamper } from "./anchor-fixture";

const BIN = path.join(__dirname, "..", "..", "..", "packages", "sdk", "bin", "ctxlog.js");
let f: AnchorFixture;
let dir: string;

beforeAll(async () => {
  f = await startAnchorFixture({ confirmations: 2 });
  dir = mkdtempSync(path.join(tmpdir(), "ctxlog-erased-"));
});
afterAll(async () => {
  await f?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The bundle as GET /v1/contexts/:id/proof serves it once the context's data is erased. */
const erase = (b: ProofBundle) =>
  tamper(b, (e) => {
    e.context = { agent_id: b.context.agent_id, context_data: null, metadata: null };
    e.canonical_context = null;
    e.data_erased_at = "2026-11-27T01:00:00.000Z";
  }) as ProofBundle;
const held = (b: ProofBundle) => ({
  agent_id: b.context.agent_id,
  context_data: b.context.context_data as Record<string, unknown>,
  metadata: (b.context.metadata ?? {}) as Record<string, unknown>,
});
const byOutcome = (r: Awaited<ReturnType<typeof verifyContext>>) => ({
  failed: r.checks.filter((c) => !c.ok && !c.unavailable).map((c) => c.name),
  unavailable: r.checks.filter((c) => c.unavailable).map((c) => c.name),
});

describe("verifyContext on an erased bundle", () => {
  it("reports canonical_context and hash_matches unavailable and passes every other check", async () => {
    for (const b of f.bundles) {
      const result = await verifyContext(erase(b), { rpcUrl: f.rpcUrl });
      expect(result.checks.map((c) => c.name)).toEqual([...CHECK_NAMES]);
      expect(byOutcome(result)).toEqual({ failed: [], unavailable: ["canonical_context", "hash_matches"] });
      expect(result).toMatchObject({
        verdict: "verified_data_unavailable",
        verified: true,
        data_erased: true,
        confirmations: 2,
      });
      expect(result.checks[0]?.reason).toMatch(/erased at 2026-11-27T01:00:00.000Z/);
    }
  });

  it("with the data its holder kept, every check runs and passes; other data fails the hash", async () => {
    const b = f.bundles[1] as ProofBundle;
    const good = await verifyContext(erase(b), { rpcUrl: f.rpcUrl, data: held(b) });
    expect(byOutcome(good)).toEqual({ failed: [], unavailable: [] });
    expect(good).toMatchObject({ verdict: "verified", verified: true, data_erased: false });
    const other = { ...held(b), context_data: { ...held(b).context_data, extra: true } };
    const bad = await verifyContext(erase(b), { rpcUrl: f.rpcUrl, data: other });
    expect(byOutcome(bad)).toEqual({ failed: ["hash_matches"], unavailable: [] });
    expect(bad).toMatchObject({ verdict: "failed", verified: false });
  });

  it("erasure hides nothing else: a changed context_hash still fails the signature and the Merkle proof", async () => {
    const b = erase(f.bundles[0] as ProofBundle);
    const forged = tamper(b, (e) => {
      e.context_hash = `0x${"11".repeat(32)}`;
    });
    const result = await verifyContext(forged, { rpcUrl: f.rpcUrl });
    expect(byOutcome(result).failed).toEqual(expect.arrayContaining(["signature_valid", "merkle_proof"]));
    expect(result.verified).toBe(false);
  });
});

function ctxlog(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, CTXLOG_SDK_FROM_SOURCE: "1", CTXLOG_RPC_URL: "" }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe("ctxlog verify on an erased bundle", () => {
  it("exits 0, verified with the data unavailable, the data checks NOT RUN; checks them with --data file.json", async () => {
    const b = f.bundles[2] as ProofBundle;
    const bundleFile = path.join(dir, "erased.json");
    writeFileSync(bundleFile, JSON.stringify(erase(b)));
    const plain = await ctxlog(["verify", bundleFile, "--rpc-url", f.rpcUrl]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(
      /^NOT RUN {2}canonical_context +unavailable: the context's data was erased/m,
    );
    expect(plain.stdout).toMatch(/^NOT RUN {2}hash_matches/m);
    expect(plain.stdout).toMatch(/^PASS +merkle_proof/m);
    expect(plain.stdout).not.toMatch(/^FAIL/m);
    expect(plain.stdout).toMatch(/^VERIFIED, DATA UNAVAILABLE: .*; its data was erased/m);

    const dataFile = path.join(dir, "held.json");
    writeFileSync(dataFile, JSON.stringify(held(b)));
    const withData = await ctxlog(["verify", bundleFile, "--rpc-url", f.rpcUrl, "--data", dataFile]);
    expect(withData.code).toBe(0);
    expect(withData.stdout).toMatch(/^PASS +hash_matches/m);
    expect(withData.stdout).not.toMatch(/NOT RUN/);
    expect(withData.stdout).toMatch(/^VERIFIED: /m);

    writeFileSync(dataFile, JSON.stringify({ ...held(b), metadata: { changed: 1 } }));
    const wrong = await ctxlog(["verify", bundleFile, "--rpc-url", f.rpcUrl, "--data", dataFile]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/^FAIL +hash_matches/m);
  }, 60_000);
});
