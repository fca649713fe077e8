// `ctxlog verify-pack`: the verdict line and exit code of each kind of pack, and an RPC endpoint
// that cannot be reached exits 3 (a closed port), as `ctxlog verify` does; --log-key pins the
// log's key and --witness-key and --witness-threshold hold the tree heads to a witness policy, as
// `ctxlog verify` reads them.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type CliIO, main } from "../cli";

const dir = path.join(__dirname, "../../../../test-vectors/evidence");
const { cases } = JSON.parse(readFileSync(path.join(dir, "cases.json"), "utf8")) as {
  cases: { verdict: string; log_key?: string; witness_policy?: { witnesses: string[] } }[];
};
/** The witnesses of the vectors: w1 cosigns the tree head, w2 never does (cases.json's policies). */
const [W1, W2] = (() => {
  const keys = cases.flatMap((c) => c.witness_policy?.witnesses ?? []);
  const named = (name: string) => keys.find((k) => k.startsWith(`${name}+`)) as string;
  return [named("witness.example/w1"), named("witness.example/w2")];
})();
/** The log's key of the vectors, and another key of its name (cases.json's log keys). */
const logKeyOf = (verdict: string) =>
  cases.find((c) => c.log_key && c.verdict === verdict)?.log_key as string;
const [LOG_KEY, OTHER_KEY] = [logKeyOf("verified"), logKeyOf("failed")];

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), readStdin: () => "", env: {} };
  const code = await main(args, io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("ctxlog verify-pack", () => {
  it("exits 0 on a genuine pack, offline", async () => {
    const r = await run(["verify-pack", path.join(dir, "valid.zip")]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      "VERIFIED: planner-7 of usr_evidence, entries 3-10 (8) in 3 anchors; each tree head (1) signed by its own verifier_key (the pack's own word; --log-key to pin it); each tree head (1) cosigned as its entries' witness_policy asks (the pack's own word; --witness-key to pin one); offline (--rpc-url to check the blocks are canonical)",
    );
    const empty = await run(["verify-pack", path.join(dir, "empty.zip")]);
    expect(empty.out).toMatch(/in 0 anchors; no tree head, so no witness cosignature to check; offline/);
  });

  it("holds the tree heads to --log-key when given", async () => {
    const file = path.join(dir, "valid.zip");
    const pinned = await run(["verify-pack", file, "--log-key", LOG_KEY]);
    expect(pinned.code).toBe(0);
    expect(pinned.out).toMatch(
      /in 3 anchors; each tree head \(1\) signed by the given log key; each tree head/,
    );
    const json = JSON.parse((await run(["verify-pack", file, "--log-key", LOG_KEY, "--json"])).out);
    expect(json.log_key).toBe("given");
    expect(Object.keys(json)).toEqual([
      "verdict",
      "verified",
      "failure",
      "manifest",
      "entries",
      "erased_sequences",
      "blocks",
      "required_confirmations",
      "log_key",
      "witnesses",
      "online",
    ]);
    const other = await run(["verify-pack", file, "--log-key", OTHER_KEY]);
    expect(other.code).toBe(1);
    expect(other.out).toBe(
      `NOT VERIFIED: anchors.json anchors[2].tree_head: checkpoint_signature: verifier_key ${LOG_KEY} is not the given log key ${OTHER_KEY}`,
    );
    const empty = await run(["verify-pack", path.join(dir, "empty.zip"), "--log-key", OTHER_KEY]);
    expect(empty.code).toBe(0);
    expect(empty.out).toMatch(/in 0 anchors; no tree head to hold to the given log key; no tree head, so/);
  });

  it("exits 2 on a --log-key that is no log's key, before the pack is read", async () => {
    const notKey = await run(["verify-pack", "absent.zip", "--log-key", "nope"]);
    expect(notKey).toEqual({
      code: 2,
      out: "",
      err: "ctxlog: --log-key: verifier key is not name+keyid+key",
    });
    const witness = await run(["verify-pack", "absent.zip", "--log-key", W1]);
    expect(witness.code).toBe(2);
    expect(witness.err).toBe("ctxlog: --log-key must be a log's Ed25519 verifier key (type 0x01)");
  });

  it("holds the tree heads to --witness-key and --witness-threshold when given", async () => {
    const file = path.join(dir, "valid.zip");
    const met = await run(["verify-pack", file, "--witness-key", W1]);
    expect(met.code).toBe(0);
    expect(met.out).toMatch(
      /to pin it\); each tree head \(1\) cosigned by 1 of witness\.example\/w1 \(the given witness policy\); offline/,
    );
    const json = JSON.parse((await run(["verify-pack", file, "--witness-key", W1, "--json"])).out);
    expect(json.witnesses).toEqual({
      policy: "given",
      threshold: 1,
      witnesses: ["witness.example/w1"],
      tree_heads: 1,
    });
    // the threshold defaults to all the keys given
    const tooFew = await run(["verify-pack", file, "--witness-key", W1, "--witness-key", W2]);
    expect(tooFew.code).toBe(1);
    expect(tooFew.out).toBe(
      "NOT VERIFIED: anchors.json anchors[2].tree_head: witness_cosignatures: 1 of 2 witnesses cosigned (the given policy needs 2); missing: witness.example/w2",
    );
    const oneOfTwo = ["--witness-key", W1, "--witness-key", W2, "--witness-threshold", "1"];
    expect((await run(["verify-pack", file, ...oneOfTwo])).code).toBe(0);
    // without a policy the entries' own asks for w1; a policy of none given lets the pack verify
    const unsigned = path.join(dir, "tampered/witness-none.zip");
    const own = await run(["verify-pack", unsigned]);
    expect(own.code).toBe(1);
    expect(own.out).toMatch(/^NOT VERIFIED: entries\.ndjson line 7: witness_cosignatures: entry 9: 0 of 1/);
    expect((await run(["verify-pack", unsigned, "--witness-threshold", "0"])).code).toBe(0);
  });

  it("exits 2 on a witness policy that could never be met or is no policy", async () => {
    const file = path.join(dir, "valid.zip");
    const over = await run(["verify-pack", file, "--witness-key", W1, "--witness-threshold", "2"]);
    expect(over.code).toBe(2);
    expect(over.err).toMatch(/^ctxlog: --witness-key\/--witness-threshold: witness threshold must be 0 to/);
    const notNumber = await run(["verify-pack", file, "--witness-threshold", "x"]);
    expect(notNumber.code).toBe(2);
    expect(notNumber.err).toBe("ctxlog: --witness-threshold must be an integer ≥ 0");
    const notKey = await run(["verify-pack", file, "--witness-key", "nope"]);
    expect(notKey.code).toBe(2);
    expect(notKey.out).toBe("");
  });

  it("says data unavailable for the erased entry, and exits 0", async () => {
    const r = await run(["verify-pack", path.join(dir, "erased.zip")]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^VERIFIED, DATA UNAVAILABLE for 1 entries \(erased: 6\)/);
  });

  it("exits 1 naming the file, line and check of the first failure", async () => {
    const r = await run(["verify-pack", path.join(dir, "tampered/reorder.zip")]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^NOT VERIFIED: entries\.ndjson line 2: sequence: sequence 5 where 4 was due/);
    const json = await run(["verify-pack", path.join(dir, "tampered/block-hash.zip"), "--json"]);
    expect(JSON.parse(json.out)).toMatchObject({
      verdict: "failed",
      failure: { file: "anchors.json", line: null, at: "anchors[1].block", check: "block_hash" },
    });
  });

  it("holds the keys to --expected-signer and --expected-submitter when given", async () => {
    const file = path.join(dir, "valid.zip");
    const attestation = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const anchor = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    const pinned = await run([
      "verify-pack",
      file,
      "--expected-signer",
      attestation,
      "--expected-submitter",
      anchor,
    ]);
    expect(pinned.code).toBe(0);
    const otherSubmitter = await run(["verify-pack", file, "--expected-submitter", attestation]);
    expect(otherSubmitter.code).toBe(1);
    expect(otherSubmitter.out).toMatch(
      /^NOT VERIFIED: anchors\.json anchors\[0\]: anchor_submitter: anchored by 0xf39F.*, not a trusted submitter/,
    );
    const otherSigner = await run(["verify-pack", file, "--expected-signer", anchor]);
    expect(otherSigner.out).toMatch(/^NOT VERIFIED: manifest\.json: manifest_signature: /);
  });

  it("exits 3 when the RPC endpoint is a closed port", async () => {
    const r = await run([
      "verify-pack",
      path.join(dir, "valid.zip"),
      "--rpc-url",
      `http://127.0.0.1:${await closedPort()}`,
    ]);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/unreachable/);
    expect(r.out).toMatch(/^VERIFIED: .*; offline/); // the offline verdict, given all the same
  });

  it("still fails a tampered pack offline when the RPC endpoint is down (the chain is not asked)", async () => {
    const r = await run([
      "verify-pack",
      path.join(dir, "tampered/drop-entry.zip"),
      "--rpc-url",
      `http://127.0.0.1:${await closedPort()}`,
    ]);
    expect(r.code).toBe(1);
  });

  it("exits 2 on a file that is no zip", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "ctxlog-pack-")), "pack.zip");
    writeFileSync(file, "not a zip");
    const r = await run(["verify-pack", file]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cannot read an evidence pack/);
  });
});
