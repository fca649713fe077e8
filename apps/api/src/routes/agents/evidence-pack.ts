import type { PublishedSigner } from "@ctxlog/core";
import type { AgentEntry, LegalHold } from "@ctxlog/db";
import type { PackManifest } from "@ctxlog/sdk";
import type { Response } from "express";
import type { TransparencyLogProof } from "../contexts/proof-schema";
import type { EvidenceChainReader } from "./evidence-chain";
import {
  ActivityCounter,
  erasureRecord,
  jsonFile,
  policyFile,
  receiptOf,
  signersFile,
} from "./evidence-files";
import type { PackRange } from "./evidence-range";
import { evidenceReport } from "./evidence-report";
import { type PackFileWriter, PackZip, type WrittenFile } from "./evidence-zip";
import { exportLine } from "./export-agent";
import type { TreeHeadLogs } from "./tree-head-logs";

/** What the route read before the first byte, and who makes the pack. */
export interface PackFacts {
  format: PackManifest["format"];
  userId: string;
  agentId: string;
  range: PackRange;
  before: AgentEntry | null;
  after: AgentEntry | null;
  head: { sequence: number; entry_hash: string };
  chainId: number;
  network: string;
  registryAddress: string;
  confirmations: number;
  /** the published signers, the given anchor keys folded in if the directory had not seen them yet */
  signersWith: (submitters: string[]) => Promise<PublishedSigner[]>;
  /** the attestation key's address (the manifest's signer) */
  signer: string;
  /** the data retention of the user's plan in days (null: kept forever), for policy.json */
  retentionDays: number | null;
  /** CONTEXT_DATA_MIN_RETENTION_DAYS, for policy.json */
  minRetentionDays: number;
  /** the agent's legal holds in force at some time of the range, for policy.json and the report */
  holds: LegalHold[];
  createdAt: Date;
  createdBy: string;
}

const WRITE_CHUNK = 64 * 1024;

/** Gathers small lines into writes of WRITE_CHUNK or so (a write per line costs more than the line). */
class ChunkedWriter {
  private parts: Buffer[] = [];
  private size = 0;
  constructor(private readonly file: PackFileWriter) {}
  async write(line: Buffer): Promise<void> {
    this.parts.push(line);
    this.size += line.length;
    if (this.size >= WRITE_CHUNK) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.size === 0) return;
    const chunk = Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    await this.file.write(chunk);
  }
}

/**
 * Streams one pack into `res` (docs/evidence.md): entries.ndjson first (the erasures, activity and
 * anchors are gathered on the way: a record per erased entry, a day per UTC day, a transaction per
 * batch), then anchors.json an anchor at a time as the node answers, the small files, and the
 * manifest over them all, signed.
 */
export async function writeEvidencePack(
  res: Response,
  pack: {
    entries: AsyncIterable<AgentEntry>;
    chain: EvidenceChainReader;
    /** the checkpoints of the tree heads the entries are anchored by */
    logs: TreeHeadLogs;
    sign: (unsigned: Omit<PackManifest, "signature">) => Promise<string>;
    facts: PackFacts;
  },
): Promise<void> {
  const { facts } = pack;
  const zip = new PackZip();
  const piped = new Promise<void>((resolve, reject) => {
    zip.output.once("error", reject);
    res.once("close", () => {
      zip.destroy(); // a write waiting for room must not wait for ever
      reject(new Error("the client left"));
    });
    res.once("finish", resolve);
  });
  piped.catch(() => {}); // awaited at the end; a rejection before then must not go unhandled
  zip.output.pipe(res);
  const files = {} as Record<string, WrittenFile>;

  const activity = new ActivityCounter();
  const erasures: ReturnType<typeof erasureRecord>[] = [];
  // transaction hash → its block and, for a tree head, its log; in order of first entry
  const anchors = new Map<string, { block: number; log: TransparencyLogProof | undefined }>();
  const submitters = new Set<string>();
  let count = 0;
  const entriesFile = zip.file("entries.ndjson");
  const lines = new ChunkedWriter(entriesFile);
  for await (const entry of pack.entries) {
    if (res.destroyed) throw new Error("the client left");
    if (entry.status !== "confirmed" || entry.transactionHash === null || entry.blockNumber === null)
      throw new Error(
        `entry ${entry.sequence} is not confirmed: the pack's range was read before it changed`,
      );
    const log = await pack.logs.of(entry);
    await lines.write(exportLine(entry, facts.confirmations, log));
    count++;
    activity.add(entry);
    if (entry.canonicalBytes === null) erasures.push(erasureRecord(entry));
    if (!anchors.has(entry.transactionHash))
      anchors.set(entry.transactionHash, { block: Number(entry.blockNumber), log });
    if (entry.anchor) submitters.add(entry.anchor.signerAddress);
  }
  await lines.flush();
  files["entries.ndjson"] = await entriesFile.end();

  const anchorsFile = zip.file("anchors.json");
  await anchorsFile.write(
    `{"chain_id":${facts.chainId},"network":${JSON.stringify(facts.network)},"registry_address":${JSON.stringify(facts.registryAddress)},"required_confirmations":${facts.confirmations},"anchors":[`,
  );
  let first = true;
  const anchoredDays = new Map<string, number>(); // UTC day of the block → anchoring transactions
  for (const [hash, { block, log }] of anchors) {
    const anchor = { ...(await pack.chain.anchor(hash, block)), ...(log && { tree_head: treeHead(log) }) };
    const day = blockDay(anchor.block);
    if (day) anchoredDays.set(day, (anchoredDays.get(day) ?? 0) + 1);
    await anchorsFile.write(`${first ? "" : ","}\n${JSON.stringify(anchor)}`);
    first = false;
  }
  await anchorsFile.write("\n]}\n");
  files["anchors.json"] = await anchorsFile.end();

  files["signers.json"] = await zip.add(
    "signers.json",
    jsonFile(signersFile(await facts.signersWith([...submitters]), facts.range.from)),
  );
  files["completeness.json"] = await zip.add(
    "completeness.json",
    jsonFile({
      first_sequence: facts.range.entries?.first ?? null,
      last_sequence: facts.range.entries?.last ?? null,
      before: facts.before ? receiptOf(facts.before) : null,
      after: facts.after ? receiptOf(facts.after) : null,
      head: facts.head,
    }),
  );
  files["erasures.ndjson"] = await zip.add(
    "erasures.ndjson",
    erasures.map((e) => `${JSON.stringify(e)}\n`).join(""),
  );
  const days = activity.file();
  files["activity.json"] = await zip.add("activity.json", jsonFile(days));
  const policy = policyFile({ days: facts.retentionDays, minDays: facts.minRetentionDays }, facts.holds);
  files["policy.json"] = await zip.add("policy.json", jsonFile(policy));

  const counts = {
    entries: count,
    erased: erasures.length,
    anchors: anchors.size,
    erasures: erasures.length,
  };
  const verdict =
    erasures.length > 0 ? `verified, data unavailable for ${erasures.length} entries` : "verified";
  files["report.html"] = await zip.add(
    "report.html",
    evidenceReport(
      {
        userId: facts.userId,
        agentId: facts.agentId,
        from: facts.range.from.toISOString(),
        to: facts.range.to.toISOString(),
        sequenceRange: facts.range.entries,
        counts,
        days: days.days,
        anchoredDays: Object.fromEntries(anchoredDays),
        anchors: [...anchors].map(([transaction_hash, { block }]) => ({
          transaction_hash,
          block_number: block,
        })),
        erasures,
        holds: policy.legal_holds,
        createdAt: facts.createdAt.toISOString(),
      },
      verdict,
    ),
  );

  const unsigned = {
    format: facts.format,
    user_id: facts.userId,
    agent_id: facts.agentId,
    range: { from: facts.range.from.toISOString(), to: facts.range.to.toISOString() },
    sequence_range: facts.range.entries,
    counts,
    created_at: facts.createdAt.toISOString(),
    created_by: facts.createdBy,
    files: files as PackManifest["files"],
    signer: facts.signer as PackManifest["signer"],
  };
  const signature = (await pack.sign(unsigned)) as PackManifest["signature"];
  await zip.add("manifest.json", jsonFile({ ...unsigned, signature }));
  zip.end();
  await piped;
}

/** anchors.json's `tree_head` of a tree-head anchor: the checkpoint its entries' `log` carries. */
function treeHead(log: TransparencyLogProof) {
  return {
    tree_size: log.anchored_tree_size,
    origin: log.origin,
    verifier_key: log.verifier_key,
    checkpoint: log.checkpoint,
  };
}

/** The UTC day of a block (its header's timestamp, 0x-hex seconds), or null when the node gave none. */
function blockDay(block: Record<string, unknown>): string | null {
  const timestamp = block.timestamp;
  if (typeof timestamp !== "string" || !/^0x[0-9a-fA-F]{1,16}$/.test(timestamp)) return null;
  return new Date(Number(BigInt(timestamp)) * 1000).toISOString().slice(0, 10);
}
