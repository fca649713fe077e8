// verifyPack: an evidence pack (docs/evidence.md) checked offline, file by file in a fixed order,
// stopping at the first failure and naming it (file, line, check). No clock, no network: the only
// I/O is reading the pack itself when given its path.
import type { WitnessPolicy } from "@ctxlog/tlog";
import type { LogKey } from "../log-checks";
import type { VerificationVerdict } from "../verdict";
import { checkAnchors, type ProvenAnchors } from "./check-anchors";
import { checkActivity, checkCompleteness } from "./check-completeness";
import { checkEntries } from "./check-entries";
import { ErasureLedger } from "./erasure-ledger";
import { type PackLogKey, pinnedLogKeys } from "./log-key";
import { manifestShapeProblem, manifestSignatureProblem } from "./manifest";
import { parseJsonFile } from "./ndjson-lines";
import { failAt, guarded, PackCheckFailed, type PackFailure } from "./pack-failure";
import { MANIFEST_FILE, PACK_FILES, type PackManifest } from "./pack-format";
import { openPackZip, type PackFileSource, type PackSource, packFromFiles } from "./pack-source";
import { readSigners } from "./signers";
import { type PackWitnesses, packWitnesses, RecordedWitnesses } from "./witnesses";

export interface VerifyPackOptions {
  /**
   * Attestation keys you trust (e.g. GET /v1/signers, pinned). Without them the pack proves it is
   * what its own signers.json's keys signed, whoever holds them.
   */
  trustedSigners?: readonly string[];
  /** Anchor keys you trust to have sent the anchors; default: the anchor keys of signers.json. */
  trustedSubmitters?: readonly string[];
  /**
   * The transparency log's verifier keys you trust (e.g. the key the operator publishes): each
   * tree head's `verifier_key` must be one of them. Without them each tree head's checkpoint is
   * opened with its own verifier_key, the pack's word. A malformed key throws TlogError.
   */
  logKeys?: readonly LogKey[];
  /**
   * The witnesses you trust (`witnessPolicy` of @ctxlog/tlog): each tree head's checkpoint must
   * carry `threshold` valid cosignatures of them. Without it, each version 4 entry's checkpoint
   * is held to the entry's own log.witness_policy (the pack's word), when it records one.
   */
  witnessPolicy?: WitnessPolicy;
}

export interface VerifyPackResult {
  /** verified; verified_data_unavailable when entries were erased; failed at `failure` */
  verdict: VerificationVerdict;
  /** true for both verified verdicts */
  verified: boolean;
  /** the first check that failed, or null */
  failure: PackFailure | null;
  manifest: PackManifest | null;
  entries: number;
  /** the sequences whose data was erased: proven without their data */
  erased_sequences: number[];
  /** each anchoring block proven offline: what `--rpc-url` checks is canonical */
  blocks: { block_number: number; block_hash: string }[];
  required_confirmations: number | null;
  /** whose key the tree heads' checkpoints were opened with: the given log keys, or each its own */
  log_key: PackLogKey;
  /** whose witness policy the tree heads were held to, and how many there are; null when a check failed */
  witnesses: PackWitnesses | null;
}

/**
 * Verifies a pack given as its files (readPackZip's map), or as the zip itself: its path on disk
 * or its bytes. From a zip, entries.ndjson is read as a stream (memory bounded whatever the
 * number of entries); the checks, verdicts and failures are the same for all three forms. A zip
 * that cannot be read throws PackUnreadableError (no verdict), as readPackZip throws.
 */
export async function verifyPack(
  pack: ReadonlyMap<string, Uint8Array> | Uint8Array | string,
  options: VerifyPackOptions = {},
): Promise<VerifyPackResult> {
  // a malformed key is the caller's error, thrown before the pack is read
  const logKeys = options.logKeys && pinnedLogKeys(options.logKeys);
  // ArrayBuffer.isView, not instanceof: a Buffer of another realm (a jest sandbox's) is bytes too
  const opened =
    typeof pack === "string" || ArrayBuffer.isView(pack)
      ? await openPackZip(pack as string | Uint8Array)
      : packFromFiles(pack as ReadonlyMap<string, Uint8Array>);
  try {
    return await verifySource(opened, { ...options, logKeys });
  } finally {
    await opened.close();
  }
}

/** The options with the log keys in canonical form. */
type Trust = Omit<VerifyPackOptions, "logKeys"> & { logKeys?: readonly string[] };

async function verifySource(pack: PackSource, options: Trust): Promise<VerifyPackResult> {
  const result: VerifyPackResult = {
    verdict: "failed",
    verified: false,
    failure: null,
    manifest: null,
    entries: 0,
    erased_sequences: [],
    blocks: [],
    required_confirmations: null,
    log_key: options.logKeys ? "given" : "pack",
    witnesses: null,
  };
  try {
    await runChecks(pack.files, options, result);
    result.verdict = result.erased_sequences.length > 0 ? "verified_data_unavailable" : "verified";
    result.verified = true;
  } catch (error) {
    if (!(error instanceof PackCheckFailed)) throw error;
    result.failure = error.failure;
  }
  return result;
}

type Files = PackSource["files"];
// every expected file is there: the "files" check ran first
const source = (files: Files, name: string) => files.get(name) as PackFileSource;
/** A file held whole: every file but entries.ndjson, which checkEntries streams. */
const file = (files: Files, name: string) => source(files, name).whole();

async function runChecks(files: Files, options: Trust, result: VerifyPackResult) {
  const expected = [MANIFEST_FILE, ...PACK_FILES];
  const missing = expected.filter((name) => !files.has(name));
  if (missing.length > 0) failAt("pack", null, "files", `missing ${missing.join(", ")}`);
  const extra = [...files.keys()].filter((name) => !expected.includes(name));
  if (extra.length > 0) failAt("pack", null, "files", `unexpected ${extra.join(", ")}`);

  const manifest = parseJsonFile(MANIFEST_FILE, file(files, MANIFEST_FILE)) as PackManifest;
  const shape = manifestShapeProblem(manifest);
  if (shape) failAt(MANIFEST_FILE, null, "manifest", shape);
  const signature = await manifestSignatureProblem(manifest, options.trustedSigners);
  if (signature) failAt(MANIFEST_FILE, null, "manifest_signature", signature);
  result.manifest = manifest;
  for (const name of PACK_FILES) {
    const f = source(files, name);
    const digest = f.sha256();
    const listed = manifest.files[name];
    if (digest !== listed.sha256 || f.bytes !== listed.bytes)
      failAt(
        name,
        null,
        "file_hash",
        `SHA-256 ${digest} (${f.bytes} bytes), the manifest says ${listed.sha256} (${listed.bytes} bytes)`,
      );
  }

  const signers = readSigners(parseJsonFile("signers.json", file(files, "signers.json")));
  const manifestSigner = signers.attestationProblem(manifest.signer, manifest.created_at);
  if (manifestSigner) failAt(MANIFEST_FILE, null, "manifest_signature", manifestSigner);
  const anchors: ProvenAnchors = await checkAnchors(
    parseJsonFile("anchors.json", file(files, "anchors.json")),
    signers,
    {
      trustedSubmitters: options.trustedSubmitters,
      logKeys: options.logKeys,
      witnessPolicy: options.witnessPolicy,
    },
  );
  result.required_confirmations = anchors.required_confirmations;
  const recordedWitnesses = new RecordedWitnesses();
  const erasures = new ErasureLedger(file(files, "erasures.ndjson"));
  const entries = await checkEntries(source(files, "entries.ndjson"), {
    manifest,
    anchors,
    signers,
    erasures,
    trustedSigners: options.trustedSigners,
    recordedWitnesses: options.witnessPolicy ? undefined : recordedWitnesses,
  });
  erasures.allUsed();
  for (const tx of anchors.byTransaction.keys()) {
    if (!entries.transactions.has(tx))
      failAt("anchors.json", null, "anchor_reference", `transaction ${tx} anchors no entry of the pack`);
  }
  const completeness = parseJsonFile("completeness.json", file(files, "completeness.json"));
  await guarded({ file: "completeness.json", line: null, check: "completeness" }, () =>
    checkCompleteness(completeness, manifest, entries, signers, options.trustedSigners),
  );
  checkActivity(parseJsonFile("activity.json", file(files, "activity.json")), entries);
  parseJsonFile("policy.json", file(files, "policy.json"));

  const counts = {
    entries: entries.count,
    erased: entries.erasedSequences.length,
    anchors: anchors.byTransaction.size,
    erasures: erasures.size,
  };
  const c = manifest.counts;
  if (
    c.entries !== counts.entries ||
    c.erased !== counts.erased ||
    c.anchors !== counts.anchors ||
    c.erasures !== counts.erasures
  )
    failAt(
      MANIFEST_FILE,
      null,
      "counts",
      `counts ${JSON.stringify(c)}, the pack holds ${JSON.stringify(counts)}`,
    );

  const treeHeads = [...anchors.byTransaction.values()].filter((a) => a.tree_head !== null).length;
  result.witnesses = packWitnesses(options.witnessPolicy, recordedWitnesses, treeHeads);
  result.entries = entries.count;
  result.erased_sequences = entries.erasedSequences;
  result.blocks = [...anchors.byTransaction.values()].map((a) => ({
    block_number: a.block_number,
    block_hash: a.block_hash,
  }));
}
