import {
  formatCheckpoint,
  formatVerifierKey,
  MemoryTree,
  noteSigner,
  parseSignedNote,
  proveInclusion,
  SIGNATURE_TYPE,
  signerKeyFromSeed,
  signNote,
  treeHash,
} from "@ctxlog/tlog";
import { bytesToHex, type Hex, hexToBytes } from "viem";
import { hashContext } from "../canonical";
import { entryHash, ZERO_ENTRY_HASH } from "../chain-entry";
import { createContextSigner } from "../signing";
import { runVerificationChecks } from "./checks";
import {
  type AnchoredLogEvidence,
  TREE_HEAD_CHECK_NAMES,
  VERIFICATION_CHECK_NAMES,
  type VerificationCheckName,
  type VerificationInput,
  type VerificationOutcome,
} from "./types";

// Contexts anchored by the transparency log's tree head (issue 43): merkle_proof is an RFC 6962
// inclusion proof at the log index, the log's three checks run after it, and anchored_log holds
// the Anchored count to the tree size. Everything is built here with @ctxlog/tlog's own formats.
const ATTEST = createContextSigner("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const ANCHOR = createContextSigner("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const REGISTRY = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const BLOCK_HASH = `0x${"cd".repeat(32)}`;
const ORIGIN = "log.example/ctxlog";
const seed = (n: number) => new Uint8Array(32).fill(n);
const LOG_KEY = signerKeyFromSeed(ORIGIN, seed(1));
const WITNESS = signerKeyFromSeed("w1.example", seed(2), SIGNATURE_TYPE.cosignatureV1);
const data = { agent_id: "planner-7", context_data: { task: "summarize" }, metadata: {} };

const TREE_SIZE = 7;
const INDEX = 4;

/** A log of TREE_SIZE leaves with the context's entry hash at INDEX, its checkpoint signed by LOG_KEY. */
async function treeHeadInput(): Promise<VerificationInput> {
  const { canonical, contextHash } = hashContext(data);
  const link = { userId: "usr-1", agentId: "planner-7", sequence: 5, prevEntryHash: ZERO_ENTRY_HASH };
  const entry = entryHash({ ...link, contextHash });
  const leaves = Array.from({ length: TREE_SIZE }, (_, i) =>
    i === INDEX ? hexToBytes(entry) : new Uint8Array(32).fill(100 + i),
  );
  const tree = MemoryTree.fromLeaves(leaves);
  const root = bytesToHex(treeHash(TREE_SIZE, tree.hashAt));
  const checkpoint = signNote(
    formatCheckpoint({ origin: ORIGIN, size: TREE_SIZE, rootHash: hexToBytes(root), extensions: [] }),
    [noteSigner(LOG_KEY)],
  );
  const period = { validFrom: new Date("2025-01-01T00:00:00Z"), validUntil: null };
  return {
    data: structuredClone(data),
    stored: {
      contextId: "ctx_1",
      contextHash,
      canonicalJson: canonical,
      signature: await ATTEST.sign(contextHash),
      signerAddress: ATTEST.address,
      createdAt: new Date("2025-06-01T12:00:00Z"),
      status: "confirmed",
      merkleProof: proveInclusion(INDEX, TREE_SIZE, tree.hashAt).map((h) => bytesToHex(h)),
      leafIndex: INDEX,
      link: { ...link, entryHash: entry },
      anchor: {
        merkleRoot: root,
        chainId: 1,
        registryAddress: REGISTRY,
        blockNumber: 10n,
        blockHash: BLOCK_HASH,
        treeSize: TREE_SIZE,
      },
      log: {
        origin: ORIGIN,
        verifierKey: formatVerifierKey(LOG_KEY),
        checkpoint,
        witnessPolicy: { threshold: 0, witnesses: [] },
      },
    },
    transactionHash: `0x${"ab".repeat(32)}`,
    registries: [REGISTRY],
    signers: [
      { address: ATTEST.address, kind: "attestation", ...period },
      { address: ANCHOR.address, kind: "anchor", ...period },
    ],
    chain: {
      chainId: 1,
      head: 12n,
      receipt: {
        status: "success",
        to: REGISTRY,
        blockNumber: 10n,
        blockHash: BLOCK_HASH,
        anchored: [{ registry: REGISTRY, root, count: TREE_SIZE, submitter: ANCHOR.address }],
      },
      receiptBlockHash: BLOCK_HASH,
      recordedBlockHash: BLOCK_HASH,
    },
    requiredConfirmations: 3,
  };
}

const failed = (o: VerificationOutcome) => o.checks.filter((c) => !c.ok).map((c) => c.name);
const reason = (o: VerificationOutcome, name: VerificationCheckName) =>
  o.checks.find((c) => c.name === name)?.reason ?? "";
const stored = (input: VerificationInput) => input.stored as NonNullable<VerificationInput["stored"]>;
const log = (input: VerificationInput) => stored(input).log as AnchoredLogEvidence;
const cosigned = (checkpoint: string) =>
  signNote(
    parseSignedNote(checkpoint).text,
    [noteSigner(WITNESS, () => 1_700_000_000n)],
    parseSignedNote(checkpoint).signatures,
  );

describe("runVerificationChecks — a context anchored by the log's tree head", () => {
  it("passes every check, the log's three after merkle_proof", async () => {
    const o = await runVerificationChecks(await treeHeadInput());
    expect(o.checks.map((c) => c.name)).toEqual([...TREE_HEAD_CHECK_NAMES]);
    expect(failed(o)).toEqual([]);
    expect(o.verdict).toBe("verified");
    expect(reason(o, "merkle_proof")).toMatch(
      /^the 3-hash RFC 6962 inclusion proof puts entry_hash \(entry 5 of its log\) at log index 4 of the log's tree of 7 leaves, whose root 0x[0-9a-f]{64} was anchored$/,
    );
    expect(reason(o, "checkpoint_signature")).toBe(
      `checkpoint of 7 leaves signed by ${ORIGIN} (a published log key) for ${ORIGIN}`,
    );
    expect(reason(o, "witness_cosignatures")).toBe("0 of 0 witnesses cosigned (the recorded policy needs 0)");
    expect(reason(o, "log_consistency")).toBe("the anchored root is the checkpoint's root (7 leaves)");
    expect(reason(o, "anchored_log")).toMatch(/count 7 \(the log's tree size\)/);
  });

  it("a batch anchor (no tree size) keeps today's list and names its sorted-pair proof", async () => {
    const input = await treeHeadInput();
    const anchor = stored(input).anchor as NonNullable<VerificationInput["stored"]>["anchor"] & object;
    anchor.treeSize = null;
    const o = await runVerificationChecks(input);
    expect(o.checks.map((c) => c.name)).toEqual([...VERIFICATION_CHECK_NAMES]);
    // the RFC 6962 proof read as a sorted-pair path reaches another root
    expect(failed(o)).toEqual(["merkle_proof"]);
    expect(reason(o, "merkle_proof")).toMatch(
      /^the sorted-pair keccak256 proof from entry_hash .* not the batch root/,
    );
  });

  it("a wrong proof node fails merkle_proof only", async () => {
    const input = await treeHeadInput();
    const proof = [...stored(input).merkleProof];
    proof[1] = `0x${"ee".repeat(32)}`;
    stored(input).merkleProof = proof;
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["merkle_proof"]);
    expect(reason(o, "merkle_proof")).toMatch(
      /^the RFC 6962 inclusion proof of entry_hash \(entry 5 of its log\) at log index 4 reaches 0x[0-9a-f]{64}, not the anchored tree head 0x[0-9a-f]{64} \(7 leaves\)$/,
    );
  });

  it("a proof of the wrong length, or another log index, fails merkle_proof only", async () => {
    const short = await treeHeadInput();
    stored(short).merkleProof = stored(short).merkleProof.slice(1);
    const o = await runVerificationChecks(short);
    expect(failed(o)).toEqual(["merkle_proof"]);
    expect(reason(o, "merkle_proof")).toMatch(
      /at log index 4 in the log's tree of 7 leaves fails: .*shorter/,
    );

    const moved = await treeHeadInput();
    stored(moved).leafIndex = 5;
    expect(failed(await runVerificationChecks(moved))).toEqual(["merkle_proof"]);

    const beyond = await treeHeadInput();
    stored(beyond).leafIndex = TREE_SIZE;
    const past = await runVerificationChecks(beyond);
    expect(failed(past)).toEqual(["merkle_proof"]);
    expect(reason(past, "merkle_proof")).toMatch(/leaf index must be below the tree size/);
  });

  it("a context without a log index or without a log entry fails merkle_proof", async () => {
    const pending = await treeHeadInput();
    stored(pending).leafIndex = null;
    stored(pending).status = "pending";
    const o = await runVerificationChecks(pending);
    expect(failed(o)).toEqual(["merkle_proof"]);
    expect(reason(o, "merkle_proof")).toMatch(
      /^ctx_1 is pending and has no log index in the log's tree of 7 leaves$/,
    );

    const unchained = await treeHeadInput();
    stored(unchained).link = null;
    expect(reason(await runVerificationChecks(unchained), "merkle_proof")).toMatch(
      /anchored by the log's tree of 7 leaves, but has no log entry/,
    );
  });

  it("tampered data fails the data links only; the log still proves what was logged", async () => {
    const input = await treeHeadInput();
    input.data = { ...data, context_data: { task: "tampered" } };
    expect(failed(await runVerificationChecks(input))).toEqual(["canonical_context", "hash_matches"]);
  });

  it("an Anchored count other than the tree size fails anchored_log", async () => {
    const input = await treeHeadInput();
    const receipt = input.chain.receipt as NonNullable<VerificationInput["chain"]["receipt"]>;
    receipt.anchored = receipt.anchored.map((l) => ({ ...l, count: TREE_SIZE + 1 }));
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["anchored_log"]);
    expect(reason(o, "anchored_log")).toMatch(/count 8\): the count is not the anchored tree size 7$/);
    // the same count on a batch anchor is not checked, as before
    (stored(input).anchor as { treeSize: number | null }).treeSize = null;
    expect(failed(await runVerificationChecks(input))).toContain("merkle_proof");
    expect(failed(await runVerificationChecks(input))).not.toContain("anchored_log");
  });

  it("another root anchored names the log's tree head", async () => {
    const input = await treeHeadInput();
    const receipt = input.chain.receipt as NonNullable<VerificationInput["chain"]["receipt"]>;
    receipt.anchored = receipt.anchored.map((l) => ({ ...l, root: `0x${"11".repeat(32)}` }));
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["anchored_log", "anchor_submitter"]);
    expect(reason(o, "anchored_log")).toMatch(/not this context's log tree head \(7 leaves\) 0x/);
  });

  it("no checkpoint at the anchored size fails the log's three checks", async () => {
    const input = await treeHeadInput();
    stored(input).log = null;
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["checkpoint_signature", "witness_cosignatures", "log_consistency"]);
    expect(reason(o, "checkpoint_signature")).toBe(
      "the log holds no checkpoint at the anchored tree size 7 signed by one of its published keys",
    );
  });

  it("a checkpoint signed by another key fails checkpoint_signature (and the policy, which opens it)", async () => {
    const input = await treeHeadInput();
    log(input).verifierKey = formatVerifierKey(signerKeyFromSeed(ORIGIN, seed(9)));
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["checkpoint_signature", "witness_cosignatures"]);
    expect(reason(o, "checkpoint_signature")).toBe(
      "the checkpoint at the anchored tree size 7 does not open with the published log key: no known key signed the note",
    );
  });

  it("a checkpoint of another log (origin) fails checkpoint_signature", async () => {
    const input = await treeHeadInput();
    log(input).origin = "other.example/log";
    expect(reason(await runVerificationChecks(input), "checkpoint_signature")).toMatch(/another log/);
  });

  it("a checkpoint of another size or root fails checkpoint_signature and log_consistency", async () => {
    const input = await treeHeadInput();
    const other = formatCheckpoint({
      origin: ORIGIN,
      size: TREE_SIZE + 1,
      rootHash: new Uint8Array(32).fill(3),
      extensions: [],
    });
    log(input).checkpoint = signNote(other, [noteSigner(LOG_KEY)]);
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["checkpoint_signature", "log_consistency"]);
    expect(reason(o, "checkpoint_signature")).toBe("the checkpoint is of 8 leaves, the anchored tree of 7");

    const sameSize = await treeHeadInput();
    const wrongRoot = formatCheckpoint({
      origin: ORIGIN,
      size: TREE_SIZE,
      rootHash: new Uint8Array(32).fill(3),
      extensions: [],
    });
    log(sameSize).checkpoint = signNote(wrongRoot, [noteSigner(LOG_KEY)]);
    const root = await runVerificationChecks(sameSize);
    expect(failed(root)).toEqual(["log_consistency"]);
    expect(reason(root, "log_consistency")).toMatch(/has root 0x0303.*, not the anchored root 0x/);
  });

  it("witness_cosignatures: the recorded policy must be met by the checkpoint's cosignatures", async () => {
    const input = await treeHeadInput();
    log(input).witnessPolicy = { threshold: 1, witnesses: [formatVerifierKey(WITNESS)] };
    const missing = await runVerificationChecks(input);
    expect(failed(missing)).toEqual(["witness_cosignatures"]);
    expect(reason(missing, "witness_cosignatures")).toBe(
      "0 of 1 witnesses cosigned (the recorded policy needs 1); missing: w1.example",
    );

    log(input).checkpoint = cosigned(log(input).checkpoint);
    const met = await runVerificationChecks(input);
    expect(failed(met)).toEqual([]);
    expect(reason(met, "witness_cosignatures")).toBe(
      "1 of 1 witnesses cosigned (the recorded policy needs 1): w1.example",
    );
  });

  it("a policy that cannot be met, or a malformed log key, fails the check without throwing", async () => {
    const input = await treeHeadInput();
    log(input).witnessPolicy = { threshold: 2, witnesses: [formatVerifierKey(WITNESS)] };
    expect(reason(await runVerificationChecks(input), "witness_cosignatures")).toMatch(
      /witness threshold must be 0 to the number of witnesses/,
    );
    log(input).verifierKey = "not a key";
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["checkpoint_signature", "witness_cosignatures"]);
    // a witness's key is no log key
    log(input).verifierKey = formatVerifierKey(WITNESS);
    expect(reason(await runVerificationChecks(input), "checkpoint_signature")).toMatch(
      /is not an Ed25519 note key/,
    );
  });

  it("hostile proof nodes (not 32-byte hashes) fail merkle_proof", async () => {
    const input = await treeHeadInput();
    stored(input).merkleProof = ["0x00" as Hex];
    expect(failed(await runVerificationChecks(input))).toEqual(["merkle_proof"]);
  });
});
