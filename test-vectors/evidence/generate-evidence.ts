// Pack vectors (format 2, docs/evidence.md) for the verifiers: a real log of 12 entries anchored on
// a real anvil chain in three transactions, two of a batch's own tree and the last of the
// transparency log's tree head (issue 43), the pack of entries 3..10, the same with entry 6
// erased, and tampered packs, each with the verdict and first failure every verifier must give;
// and format-1.zip, a pack of format 1 kept as it was written, which must still verify.
// Run: node test-vectors/evidence/generate.js (anvil from @foundry-rs/anvil; the chain is recorded once).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildMerkleTree, entryHash, hashContext } from "@ctxlog/core";
import { checkCanonicalBlocks, readPackZip, verifyPack } from "@ctxlog/sdk";
import { formatVerifierKey, witnessPolicy } from "@ctxlog/tlog";
import { type Hex, hexToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
// not exported by the package index: the write path signs through createContextSigner
import { signReceiptDigest } from "../../packages/core/src/chain-entry";
import { activityDays, type Files, jsonFile, manifestOf, ndjsonFile, sealPack, zipPack } from "./build-pack";
import { type RecordedChain, recordChain } from "./record-chain";
import { tamperCases } from "./tamper-cases";
import { tamperTreeHeadCases } from "./tamper-tree-head";
import { type GivenWitnessPolicy, witnessCases } from "./tamper-witnesses";
import { FORGER_KEY, LOG_KEY, treeHeadRecord, type VectorLog, vectorLog } from "./tree-head-log";

// anvil's dev keys: never funded anywhere real (the anchor key is anvil's first, as in development)
export const ATTESTATION_KEY: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const ZERO = `0x${"0".repeat(64)}` as Hex;
const USER = "usr_evidence";
const AGENT = "planner-7";
const CONFIRMATIONS = 3;
const RANGE = { from: "2026-11-28T23:00:00.000Z", to: "2026-11-29T01:45:00.000Z" };
const BATCHES = [
  [1, 4],
  [5, 8],
  [9, 12],
] as const;
/** The batch anchored by the transparency log's tree head, not its own tree. */
const TREE_HEAD_BATCH = 2;

type Json = Record<string, unknown>;
type Proofs = Map<number, { proof: Hex[]; root: Hex; leaf: number; batch: number; log?: Json }>;

/** The log: entry k received at 22:30 + 20 (k − 1) minutes on 2026-11-28, signed, chained. */
function buildLog() {
  const attestation = privateKeyToAccount(ATTESTATION_KEY).address;
  let prev = ZERO;
  return Array.from({ length: 12 }, (_, i) => {
    const sequence = i + 1;
    const context = {
      agent_id: AGENT,
      context_data: { step: sequence, task: "reconcile invoices", tool: i % 2 ? "sql" : "http" },
      metadata: { run: 7 },
    };
    const { canonical, contextHash } = hashContext(context);
    const receivedAt = new Date(Date.parse("2026-11-28T22:30:00.000Z") + i * 20 * 60_000);
    const fields = { contextHash, userId: USER, agentId: AGENT, sequence, prevEntryHash: prev };
    const hash = entryHash(fields);
    const signature = signReceiptDigest({ ...fields, receivedAt }, hexToBytes(ATTESTATION_KEY));
    const entry = {
      sequence,
      context,
      canonical,
      contextHash,
      prev,
      hash,
      receivedAt: receivedAt.toISOString(),
      signature,
      signer: attestation,
    };
    prev = hash;
    return entry;
  });
}
type LogEntry = ReturnType<typeof buildLog>[number];

const receiptOf = (e: LogEntry) => ({
  context_hash: e.contextHash,
  user_id: USER,
  agent_id: AGENT,
  sequence: e.sequence,
  prev_entry_hash: e.prev,
  received_at: e.receivedAt,
  signer: e.signer,
  signature: e.signature,
});

/**
 * The export line of an entry (GET /v1/agents/:agent_id/export) and its status: a version 3 proof
 * bundle, or version 4 with the log's checkpoint for an entry anchored by the log's tree head.
 */
function exportLine(e: LogEntry, chain: RecordedChain, proofs: Proofs): Json {
  const p = proofs.get(e.sequence) as NonNullable<ReturnType<Proofs["get"]>>;
  const anchor = chain.anchors[p.batch] as RecordedChain["anchors"][number];
  return {
    version: p.log ? 4 : 3,
    context_id: `ctx_EVIDENCE${String(e.sequence).padStart(2, "0")}`,
    user_id: USER,
    sequence: e.sequence,
    prev_entry_hash: e.prev,
    entry_hash: e.hash,
    context: e.context,
    canonical_context: e.canonical,
    canonicalization: "RFC8785",
    hash_algorithm: "keccak256",
    context_hash: e.contextHash,
    signature: e.signature,
    signature_scheme: "EIP-712",
    received_at: e.receivedAt,
    eip712_domain: { name: "ctxlog", version: "1" },
    signer_address: e.signer,
    merkle_algorithm: p.log ? "RFC6962-SHA256" : "sorted-pair-keccak256",
    leaf_index: p.leaf,
    merkle_proof: p.proof,
    merkle_root: p.root,
    chain_id: chain.chain_id,
    network: "anvil",
    registry_address: chain.registry_address,
    transaction_hash: anchor.transaction_hash,
    anchor_address: chain.anchor_address,
    block_number: anchor.block_number,
    required_confirmations: CONFIRMATIONS,
    ...(p.log && { log: p.log }),
    status: "confirmed",
  };
}

/** An entry as the service exports it once its data was erased: hashes kept, data null. */
export function erasedLine(line: Json, at: string): Json {
  return {
    ...line,
    context: { agent_id: (line.context as Json).agent_id, context_data: null, metadata: null },
    canonical_context: null,
    data_erased_at: at,
  };
}

export interface PackInput {
  entries: Json[];
  erasures: Json[];
  log: LogEntry[];
  chain: RecordedChain;
  /** anchors.json's tree_head, by transaction hash, of the anchors of the log's tree head */
  treeHeads: Map<string, Json>;
  /** the manifest's range; default RANGE */
  range?: { from: string; to: string };
}

/** The unsealed files of a pack of entries 3..10. */
export function packFiles(input: PackInput): Files {
  const { entries, erasures, log, chain } = input;
  const used = new Set(entries.map((e) => e.transaction_hash));
  const anchors = chain.anchors.filter((a) => used.has(a.transaction_hash));
  const range = input.range ?? RANGE;
  const first = entries[0] as Json | undefined;
  const last = entries[entries.length - 1] as Json | undefined;
  // the neighbours: of the entries when there are some, else of the period by receipt time
  const before = first
    ? log[(first.sequence as number) - 2]
    : log.filter((e) => e.receivedAt < range.from).pop();
  const after = last ? log[last.sequence as number] : log.find((e) => e.receivedAt >= range.to);
  const head = log[log.length - 1] as LogEntry;
  const files: Files = new Map();
  files.set("entries.ndjson", ndjsonFile(entries));
  files.set(
    "anchors.json",
    jsonFile({
      chain_id: chain.chain_id,
      network: "anvil",
      registry_address: chain.registry_address,
      required_confirmations: CONFIRMATIONS,
      anchors: anchors.map(({ root: _, ...a }) => {
        const treeHead = input.treeHeads.get(a.transaction_hash);
        return treeHead ? { ...a, tree_head: treeHead } : a;
      }),
    }),
  );
  files.set(
    "signers.json",
    jsonFile({
      signers: [
        {
          address: chain.anchor_address,
          kind: "anchor",
          valid_from: "2026-11-01T00:00:00.000Z",
          valid_until: null,
        },
        {
          address: head.signer,
          kind: "attestation",
          valid_from: "2026-11-01T00:00:00.000Z",
          valid_until: null,
        },
      ],
    }),
  );
  files.set(
    "completeness.json",
    jsonFile({
      first_sequence: first?.sequence ?? null,
      last_sequence: last?.sequence ?? null,
      before: before ? receiptOf(before) : null,
      after: after ? receiptOf(after) : null,
      head: { sequence: head.sequence, entry_hash: head.hash },
    }),
  );
  files.set("erasures.ndjson", ndjsonFile(erasures));
  files.set("activity.json", jsonFile(activityDays(entries)));
  files.set(
    "policy.json",
    jsonFile({ retention: { data_retention_days: null, data_min_retention_days: 180 }, legal_holds: [] }),
  );
  files.set(
    "report.html",
    new TextEncoder().encode(
      `<!doctype html><meta charset="utf-8"><title>ctxlog evidence: ${AGENT}</title>\n<h1>${AGENT}</h1>\n<p>Entries ${first ? `${first.sequence}–${last?.sequence}` : "none"}, ${range.from} to ${range.to}. Verify: <code>npx ctxlog verify-pack pack.zip --rpc-url URL</code></p>\n`,
    ),
  );
  return files;
}

export async function seal(input: PackInput, files: Files = packFiles(input)): Promise<Files> {
  const first = input.entries[0] as Json | undefined;
  const last = input.entries[input.entries.length - 1] as Json | undefined;
  return sealPack(
    files,
    {
      user_id: USER,
      agent_id: AGENT,
      range: input.range ?? RANGE,
      sequence_range:
        first && last ? { first: first.sequence as number, last: last.sequence as number } : null,
      counts: {
        entries: input.entries.length,
        erased: input.entries.filter((e) => e.canonical_context === null).length,
        anchors: new Set(input.entries.map((e) => e.transaction_hash)).size,
        erasures: input.erasures.length,
      },
      created_at: "2026-11-30T00:00:00.000Z",
      created_by: "key:key_evidence",
    },
    ATTESTATION_KEY,
  );
}

export async function writeEvidenceVectors(dir: string): Promise<string[]> {
  mkdirSync(path.join(dir, "tampered"), { recursive: true });
  const log = buildLog();
  const proofs: Proofs = new Map();
  const tlog = vectorLog(log.map((e) => e.hash));
  const roots = BATCHES.map(([a, b], batch) => {
    const members = log.slice(a - 1, b);
    if (batch === TREE_HEAD_BATCH) {
      // the log's tree head: each entry's leaf is its log index, its proof RFC 6962 inclusion
      for (const e of members) {
        const { leaf, proof } = tlog.proofs.get(e.hash) as { leaf: number; proof: Hex[] };
        proofs.set(e.sequence, { proof, root: tlog.root, leaf, batch, log: tlog.log });
      }
      return { root: tlog.root, count: tlog.size };
    }
    const tree = buildMerkleTree(members.map((e) => e.hash));
    members.forEach((e, leaf) => {
      proofs.set(e.sequence, { proof: tree.proofs[leaf] as Hex[], root: tree.root, leaf, batch });
    });
    return { root: tree.root, count: members.length };
  });
  const written: string[] = [];
  await recordChain(roots, CONFIRMATIONS, async (chain, live) => {
    written.push(...(await writePacks(dir, log, proofs, chain, tlog)));
    // the RPC check against the live node: canonical now, not after the anchors are reorged away
    const pack = await verifyPack(readPackZip(readFileSync(path.join(dir, "valid.zip"))));
    const canonical = await checkCanonicalBlocks(pack, live.rpcUrl);
    if (canonical !== null) throw new Error(`the anchors are canonical, yet: ${canonical.reason}`);
    await live.reorg();
    const reorged = await checkCanonicalBlocks(pack, live.rpcUrl);
    if (reorged?.check !== "canonical_block") throw new Error("a reorg of the anchors was not caught");
  });
  return written;
}

async function writePacks(
  dir: string,
  log: LogEntry[],
  proofs: Proofs,
  chain: RecordedChain,
  tlog: VectorLog,
) {
  const entries = log.slice(2, 10).map((e) => exportLine(e, chain, proofs));
  const treeHeadTx = (chain.anchors[TREE_HEAD_BATCH] as RecordedChain["anchors"][number]).transaction_hash;
  const treeHeads = new Map([[treeHeadTx as string, treeHeadRecord(tlog.log) as Json]]);
  const input: PackInput = { entries, erasures: [], log, chain, treeHeads };

  const erasedAt = "2026-11-29T12:00:00.000Z";
  const sixth = entries[3] as Json;
  const erasedInput: PackInput = {
    ...input,
    entries: entries.map((e) => (e === sixth ? erasedLine(e, erasedAt) : e)),
    erasures: [
      {
        context_id: sixth.context_id,
        sequence: sixth.sequence,
        context_hash: sixth.context_hash,
        erased_at: erasedAt,
        erased_by: "key:key_evidence",
        reason: "the data subject's request (GDPR Art. 17)",
      },
    ],
  };

  const written: string[] = [];
  const write = (name: string, bytes: Uint8Array) => {
    writeFileSync(path.join(dir, name), bytes);
    written.push(name);
  };
  write("busy-block.json", jsonFile(chain.busy_block));
  const valid = await seal(input);
  const erased = await seal(erasedInput);
  const cases: Json[] = [];
  // each vector's outcome is the SDK's, held to what the case says it must be; `witness_policy`
  // is the policy the verifier is given (--witness-key, --witness-threshold), and `log_key` the
  // log key it pins (--log-key), when there is one
  const add = async (
    name: string,
    file: string,
    files: Files | Uint8Array,
    expect: Json,
    given?: GivenWitnessPolicy,
    logKey?: string,
  ) => {
    const zip = files instanceof Uint8Array ? files : zipPack(files);
    const result = await verifyPack(readPackZip(zip), {
      witnessPolicy: given && witnessPolicy(given.threshold, given.witnesses),
      ...(logKey && { logKeys: [logKey] }),
    });
    const got = {
      verdict: result.verdict,
      ...(result.failure && {
        file: result.failure.file,
        line: result.failure.line,
        check: result.failure.check,
        ...(result.failure.at !== undefined && { at: result.failure.at }),
      }),
    };
    if (JSON.stringify(got) !== JSON.stringify(expect))
      throw new Error(
        `${name}: verifyPack gave ${JSON.stringify(got)} (${result.failure?.reason}), expected ${JSON.stringify(expect)}`,
      );
    write(file, zip);
    cases.push({
      name,
      file,
      ...(given && { witness_policy: given }),
      ...(logKey && { log_key: logKey }),
      verdict: result.verdict,
      erased_sequences: result.erased_sequences,
      failure: result.failure,
    });
  };
  await add("genuine pack of entries 3-10", "valid.zip", valid, { verdict: "verified" });
  await add("entry 6 erased, with its erasure record", "erased.zip", erased, {
    verdict: "verified_data_unavailable",
  });
  // a period in which the agent logged nothing: proven by the two entries around it
  const quiet = { from: "2026-11-29T01:31:00.000Z", to: "2026-11-29T01:45:00.000Z" };
  await add(
    "a period without entries, between entries 10 and 11",
    "empty.zip",
    await seal({ ...input, entries: [], range: quiet }),
    {
      verdict: "verified",
    },
  );
  // written in format 1 (2026-11-30), before tree heads: kept as it was, never regenerated
  await add(
    "a pack of format 1, entries 3-10 in three batch anchors",
    "format-1.zip",
    new Uint8Array(readFileSync(path.join(__dirname, "format-1.zip"))),
    { verdict: "verified" },
  );
  const tampered = [
    ...(await tamperCases({ valid, input, erasedInput, seal, manifestOf, packFiles })),
    ...(await tamperTreeHeadCases({
      valid,
      manifestOf,
      attestationKey: ATTESTATION_KEY,
      input,
      seal,
      packFiles,
      treeHeadTx,
      tlog,
    })),
  ];
  for (const t of tampered) {
    await add(t.name, `tampered/${t.file}`, t.files, { verdict: "failed", ...t.expect });
  }
  for (const w of await witnessCases({ valid, input, seal, packFiles, treeHeadTx, tlog })) {
    // the genuine pack is valid.zip, already written; the others are tampered packs
    const file = w.files === valid ? w.file : `tampered/${w.file}`;
    const expect = w.expect ? { verdict: "failed", ...w.expect } : { verdict: "verified" };
    await add(w.name, file, w.files, expect, w.witness_policy);
  }
  // the log's key pinned: its own, and another key of the log's name (a forger's)
  await add(
    "the genuine pack with the log's key pinned (--log-key)",
    "valid.zip",
    valid,
    { verdict: "verified" },
    undefined,
    formatVerifierKey(LOG_KEY),
  );
  await add(
    "the genuine pack with another key of the log's name pinned: not the tree head's verifier_key",
    "valid.zip",
    valid,
    {
      verdict: "failed",
      file: "anchors.json",
      line: null,
      check: "checkpoint_signature",
      at: "anchors[2].tree_head",
    },
    undefined,
    formatVerifierKey(FORGER_KEY),
  );
  const expected = {
    generated_by: "test-vectors/evidence/generate.js",
    attestation: privateKeyToAccount(ATTESTATION_KEY).address,
    cases,
  };
  write("cases.json", jsonFile(expected));
  return written;
}
