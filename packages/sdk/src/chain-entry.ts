// Agent logs: the entry hash (the Merkle leaf of a version 2 and 3 bundle) and receipts, both EIP-712,
// recomputed by the SDK alone (viem's EIP-712 functions give the same bytes: chain-entry.test.ts).
// The service's encoding is documented in docs/agent-logs.md (entry_hash).
import { type Hex, hexToBytes } from "viem";
import { recoverDigestSigner } from "./audit/fast-recover";
import { keccak256Bytes, keccak256Hex } from "./keccak";

export const ZERO_ENTRY_HASH = `0x${"0".repeat(64)}` as Hex;

const LOG_ENTRY_FIELDS = [
  { name: "contextHash", type: "bytes32" },
  { name: "userId", type: "string" },
  { name: "agentId", type: "string" },
  { name: "sequence", type: "uint64" },
  { name: "prevEntryHash", type: "bytes32" },
] as const;

/** A receipt signs the fields of its log entry, and when the service received the context. */
export const LOG_TYPES = {
  LogEntry: LOG_ENTRY_FIELDS,
  Receipt: [...LOG_ENTRY_FIELDS, { name: "receivedAt", type: "uint64" }],
} as const;

export const RECEIPT_DOMAIN = { name: "ctxlog", version: "1" } as const;

/** The receipt of POST /v1/contexts: what the attestation key signed, who signed and the signature. */
export interface ContextReceipt {
  context_hash: Hex;
  user_id: string;
  agent_id: string;
  sequence: number;
  prev_entry_hash: Hex;
  received_at: string;
  signer: Hex;
  signature: Hex;
}

const utf8 = new TextEncoder();
const HASH32 = /^0x[0-9a-fA-F]{64}$/;
const typeHash = (signature: string) => keccak256Bytes(utf8.encode(signature));
const ENTRY_TYPEHASH = typeHash(
  "LogEntry(bytes32 contextHash,string userId,string agentId,uint64 sequence,bytes32 prevEntryHash)",
);
const RECEIPT_TYPEHASH = typeHash(
  "Receipt(bytes32 contextHash,string userId,string agentId,uint64 sequence,bytes32 prevEntryHash,uint64 receivedAt)",
);
const DOMAIN_SEPARATOR = (() => {
  const words = new Uint8Array(96);
  words.set(typeHash("EIP712Domain(string name,string version)"), 0);
  words.set(typeHash(RECEIPT_DOMAIN.name), 32);
  words.set(typeHash(RECEIPT_DOMAIN.version), 64);
  return keccak256Bytes(words);
})();

// An audit hashes the same user_id and agent_id for every entry of a log: the last few are kept.
const stringHashes = new Map<string, Uint8Array>();
function hashString(value: string): Uint8Array {
  let hash = stringHashes.get(value);
  if (!hash) {
    if (stringHashes.size >= 64) stringHashes.clear();
    hash = keccak256Bytes(utf8.encode(value));
    stringHashes.set(value, hash);
  }
  return hash;
}

function putUint64(words: Uint8Array, offset: number, value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new TypeError(`${name} must be a uint64, got ${value}`);
  let v = value;
  for (let i = offset + 31; v > 0; i--) {
    words[i] = v % 256;
    v = Math.floor(v / 256);
  }
}

function putHash(words: Uint8Array, offset: number, hash: string, name: string) {
  if (typeof hash !== "string" || !HASH32.test(hash))
    throw new TypeError(`${name} must be 32 bytes of 0x-hex`);
  words.set(hexToBytes(hash as Hex), offset);
}

interface EntryFields {
  context_hash: string;
  user_id: string;
  agent_id: string;
  sequence: number;
  prev_entry_hash: string;
}

// The EIP-712 struct encoding by hand (typehash ‖ 32-byte words, strings as their keccak256), as
// the service computes it: viem's hashStruct gives the same bytes (chain-entry.test.ts) at ~10
// times the cost, which an audit of a long log pays once per entry.
function encodeStruct(typehash: Uint8Array, e: EntryFields, receivedAt?: number): Uint8Array {
  const words = new Uint8Array(receivedAt === undefined ? 192 : 224);
  words.set(typehash, 0);
  putHash(words, 32, e.context_hash, "context_hash");
  words.set(hashString(e.user_id), 64);
  words.set(hashString(e.agent_id), 96);
  putUint64(words, 128, e.sequence, "sequence");
  putHash(words, 160, e.prev_entry_hash, "prev_entry_hash");
  if (receivedAt !== undefined) putUint64(words, 192, receivedAt, "received_at");
  return words;
}

/** EIP-712 hashStruct(LogEntry): the leaf a version 2 or 3 bundle's Merkle proof starts from. */
export function computeEntryHash(entry: EntryFields): Hex {
  return keccak256Hex(encodeStruct(ENTRY_TYPEHASH, entry));
}

/** The EIP-712 digest a receipt signs: keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(Receipt)). */
export function receiptDigest(receipt: ContextReceipt): Uint8Array {
  const receivedAt = Date.parse(receipt.received_at);
  if (Number.isNaN(receivedAt)) throw new TypeError(`received_at is not a date: ${receipt.received_at}`);
  const message = new Uint8Array(66);
  message[0] = 0x19;
  message[1] = 0x01;
  message.set(DOMAIN_SEPARATOR, 2);
  message.set(keccak256Bytes(encodeStruct(RECEIPT_TYPEHASH, receipt, receivedAt)), 34);
  return keccak256Bytes(message);
}

/**
 * Checks a receipt offline: its signature recovers `receipt.signer` (and, given `trustedSigners`,
 * one of them). Returns the problem, or null when the receipt is genuine.
 */
export async function verifyReceipt(
  receipt: ContextReceipt,
  trustedSigners?: readonly string[],
): Promise<string | null> {
  let recovered: string;
  try {
    recovered = await recoverDigestSigner(receiptDigest(receipt), receipt.signature);
  } catch (error) {
    return `the receipt's signature does not recover: ${(error as Error).message.split("\n")[0]}`;
  }
  if (recovered.toLowerCase() !== receipt.signer.toLowerCase()) {
    return `the receipt's signature recovers ${recovered}, not its signer ${receipt.signer}`;
  }
  if (trustedSigners && !trustedSigners.some((s) => s.toLowerCase() === recovered.toLowerCase())) {
    return `the receipt's signer ${recovered} is not a trusted attestation key`;
  }
  return null;
}
