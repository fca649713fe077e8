// anchors.json, offline: each anchoring transaction's receipt is in its block (the receipts root
// recomputed from all the block's receipts), the block's hash is its header's, and the headers
// after it link to it by parent hash up to the confirmation depth; a tree-head anchor's checkpoint
// is the log's (one of the pinned log keys, when given), of the root and size the transaction
// anchored, cosigned as a given witness policy asks (tree-head.ts).
import { decodeEventLog, type Hex } from "viem";
import { anchoredEventAbi } from "../registry-abi";
import { blockHash } from "./block-header";
import { isHash32 } from "./manifest";
import { failAt, guarded } from "./pack-failure";
import type { AnchorRecord, AnchorsFile, RpcObject } from "./pack-format";
import { receiptsRoot } from "./receipts-trie";
import type { SignerPeriods } from "./signers";
import { checkTreeHead, type ProvenTreeHead, type TreeHeadTrust } from "./tree-head";

const FILE = "anchors.json";
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const lower = (s: unknown) => String(s).toLowerCase();
const isObject = (v: unknown): v is RpcObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** What an entry may rely on once its anchor is proven. */
export interface ProvenAnchor {
  transaction_hash: string;
  block_number: number;
  block_hash: string;
  /** merkle root (lowercase) → submitter, of every Anchored log of the registry in the receipt */
  roots: Map<string, string>;
  /** the log's tree head this transaction anchored (pack format 2), null for a batch's own tree */
  tree_head: ProvenTreeHead | null;
}

export interface ProvenAnchors {
  chain_id: number;
  registry_address: string;
  required_confirmations: number;
  /** by transaction hash, lowercase */
  byTransaction: Map<string, ProvenAnchor>;
}

/** What anchors.json is held to beyond the pack: the keys and witness policy the caller trusts. */
export interface AnchorTrust extends TreeHeadTrust {
  trustedSubmitters?: readonly string[];
}

export async function checkAnchors(
  parsed: unknown,
  signers: SignerPeriods,
  trust: AnchorTrust = {},
): Promise<ProvenAnchors> {
  if (!isObject(parsed)) failAt(FILE, null, "anchor_shape", "must be a JSON object");
  const file = parsed as unknown as AnchorsFile;
  if (!Number.isSafeInteger(file.chain_id) || file.chain_id < 1)
    failAt(FILE, null, "anchor_shape", "chain_id must be an integer ≥ 1");
  if (!ADDRESS.test(String(file.registry_address)))
    failAt(FILE, null, "anchor_shape", "registry_address must be an address");
  if (!Number.isSafeInteger(file.required_confirmations) || file.required_confirmations < 1)
    failAt(FILE, null, "anchor_shape", "required_confirmations must be an integer ≥ 1");
  if (!Array.isArray(file.anchors)) failAt(FILE, null, "anchor_shape", "anchors must be an array");
  const byTransaction = new Map<string, ProvenAnchor>();
  for (const [i, anchor] of file.anchors.entries()) {
    const at = `anchors[${i}]`;
    const proven = await guarded({ file: FILE, line: null, at, check: "anchor_shape" }, () =>
      checkAnchor(anchor, at, file, signers, trust),
    );
    if (byTransaction.has(proven.transaction_hash))
      failAt(
        FILE,
        null,
        "anchor_shape",
        `transaction ${proven.transaction_hash} is listed twice`,
        `anchors[${i}]`,
      );
    byTransaction.set(proven.transaction_hash, proven);
  }
  return {
    chain_id: file.chain_id,
    registry_address: lower(file.registry_address),
    required_confirmations: file.required_confirmations,
    byTransaction,
  };
}

/** The header's hash recomputed, failing `check` at `at` when it is malformed or not its `hash`. */
function provenHash(header: unknown, at: string): string {
  if (!isObject(header)) failAt(FILE, null, "anchor_shape", "must be a block header object", at);
  let computed: Hex;
  try {
    computed = blockHash(header);
  } catch (error) {
    return failAt(FILE, null, "block_hash", (error as Error).message, at);
  }
  if (computed !== lower(header.hash))
    failAt(
      FILE,
      null,
      "block_hash",
      `the header's fields hash to ${computed}, not its hash ${String(header.hash)}`,
      at,
    );
  return computed;
}

function checkAnchor(
  anchor: AnchorRecord,
  at: string,
  file: AnchorsFile,
  signers: SignerPeriods,
  trust: AnchorTrust,
): ProvenAnchor {
  const { trustedSubmitters } = trust;
  if (
    !isObject(anchor) ||
    !isHash32(anchor.transaction_hash) ||
    !Number.isSafeInteger(anchor.block_number) ||
    !isObject(anchor.transaction) ||
    !isObject(anchor.block) ||
    !Array.isArray(anchor.receipts) ||
    !Array.isArray(anchor.headers)
  ) {
    failAt(
      FILE,
      null,
      "anchor_shape",
      "must be {transaction_hash, block_number, transaction, block, receipts, headers}",
      at,
    );
  }
  const tx = lower(anchor.transaction_hash);
  const block = anchor.block;
  if (Number(block.number) !== anchor.block_number)
    failAt(
      FILE,
      null,
      "anchor_shape",
      `block is block ${Number(block.number)}, not block_number ${anchor.block_number}`,
      at,
    );
  if (lower(anchor.transaction.hash) !== tx || lower(anchor.transaction.blockHash) !== lower(block.hash))
    failAt(
      FILE,
      null,
      "anchor_shape",
      "transaction is not the transaction_hash in this block",
      `${at}.transaction`,
    );

  // the transaction's receipt, at its index among the block's receipts
  const index = Number(anchor.transaction.transactionIndex);
  const receipt = anchor.receipts[index] as RpcObject | undefined;
  if (
    !isObject(receipt) ||
    lower(receipt.transactionHash) !== tx ||
    lower(receipt.blockHash) !== lower(block.hash)
  )
    failAt(FILE, null, "anchor_receipt", `receipts[${index}] is not the receipt of ${tx} in this block`, at);
  if (receipt.status !== "0x1")
    failAt(FILE, null, "anchor_receipt", `the transaction reverted (status ${String(receipt.status)})`, at);
  if (lower(receipt.to) !== lower(file.registry_address))
    failAt(
      FILE,
      null,
      "anchor_receipt",
      `the transaction was sent to ${String(receipt.to)}, not the registry ${file.registry_address}`,
      at,
    );

  // the registry's Anchored logs: the roots this transaction anchored, and who sent them
  const roots = new Map<string, string>();
  const counts = new Map<string, number>(); // root → the Anchored log's count
  for (const log of (receipt.logs ?? []) as RpcObject[]) {
    if (lower(log.address) !== lower(file.registry_address)) continue;
    try {
      const event = decodeEventLog({
        abi: anchoredEventAbi,
        data: log.data as Hex,
        topics: log.topics as [Hex, ...Hex[]],
      });
      roots.set(lower(event.args.root), event.args.submitter);
      counts.set(lower(event.args.root), Number(event.args.count));
    } catch {
      // another event of the registry
    }
  }
  if (roots.size === 0)
    failAt(FILE, null, "anchored_log", `no Anchored log of the registry in the receipt of ${tx}`, at);
  const treeHead =
    anchor.tree_head === undefined ? null : checkTreeHead(anchor.tree_head, at, tx, counts, trust);
  for (const submitter of new Set(roots.values())) {
    if (!signers.isAnchorKey(submitter, trustedSubmitters))
      failAt(
        FILE,
        null,
        "anchor_submitter",
        `anchored by ${submitter}, not ${trustedSubmitters ? "a trusted submitter" : "an anchor key of signers.json"}`,
        at,
      );
  }

  let root: string;
  try {
    root = receiptsRoot(anchor.receipts as RpcObject[]);
  } catch (error) {
    return failAt(FILE, null, "receipts_root", (error as Error).message, `${at}.receipts`);
  }
  if (root !== lower(block.receiptsRoot))
    failAt(
      FILE,
      null,
      "receipts_root",
      `the block's receipts make root ${root}, not its receiptsRoot ${String(block.receiptsRoot)}`,
      at,
    );
  const hash = provenHash(block, `${at}.block`);

  // the blocks on top of it, each the child of the one before
  let parent = hash;
  anchor.headers.forEach((header, j) => {
    const where = `${at}.headers[${j}]`;
    const child = provenHash(header, where);
    if (lower((header as RpcObject).parentHash) !== parent)
      failAt(
        FILE,
        null,
        "confirmations",
        `parentHash is ${String((header as RpcObject).parentHash)}, not the block before (${parent})`,
        where,
      );
    if (Number((header as RpcObject).number) !== anchor.block_number + j + 1)
      failAt(
        FILE,
        null,
        "confirmations",
        `is block ${Number((header as RpcObject).number)}, not ${anchor.block_number + j + 1}`,
        where,
      );
    parent = child;
  });
  const depth = anchor.headers.length + 1;
  if (depth < file.required_confirmations)
    failAt(
      FILE,
      null,
      "confirmations",
      `${depth} linked blocks < ${file.required_confirmations} required confirmations`,
      at,
    );
  return {
    transaction_hash: tx,
    block_number: anchor.block_number,
    block_hash: hash,
    roots,
    tree_head: treeHead,
  };
}
