import { type Address, type Hex, recoverTypedDataAddress } from "viem";
import { keccak256Bytes, keccak256Hex } from "./keccak";
import { signDigestHex } from "./secp256k1";

/**
 * Each (user, agent_id) is one append-only log: entry n commits to entry n-1 through
 * `prevEntryHash`, and new contexts anchor the entry hash (not the bare context hash) as their
 * Merkle leaf. Everything here is EIP-712, so any EIP-712 tool recomputes it: the entry hash is
 * `hashStruct(LogEntry)` (viem `hashStruct`, ethers `TypedDataEncoder.hashStruct`), a receipt is a
 * typed-data signature over `Receipt` under `RECEIPT_DOMAIN` (viem `verifyTypedData`).
 */
export const ZERO_ENTRY_HASH = `0x${"0".repeat(64)}` as Hex;

const LOG_ENTRY_FIELDS = [
  { name: "contextHash", type: "bytes32" },
  { name: "userId", type: "string" },
  { name: "agentId", type: "string" },
  { name: "sequence", type: "uint64" },
  { name: "prevEntryHash", type: "bytes32" },
] as const;

/** A receipt signs the fields of its log entry, and when the service received the context. */
export const CHAIN_TYPES = {
  LogEntry: LOG_ENTRY_FIELDS,
  Receipt: [...LOG_ENTRY_FIELDS, { name: "receivedAt", type: "uint64" }],
} as const;

/** The EIP-712 domain of receipts: no chain id, since a receipt is about the service, not a chain. */
export const RECEIPT_DOMAIN = { name: "ctxlog", version: "1" } as const;

/** The fields an entry hash commits to. */
export interface LogEntryFields {
  contextHash: string;
  userId: string;
  agentId: string;
  sequence: number;
  prevEntryHash: string;
}

/** The fields a receipt signs: an entry's, and when the service received the context. */
export interface ReceiptFields extends LogEntryFields {
  receivedAt: Date;
}

const utf8 = new TextEncoder();
const typeHash = (s: string) => keccak256Bytes(utf8.encode(s));
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

const HASH32 = /^0x[0-9a-fA-F]{64}$/;

function putUint(words: Buffer, offset: number, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`not a uint64: ${value}`);
  // a safe integer fits in the last 8 bytes of the word: high 21 bits, then low 32
  words.writeUInt32BE(Math.floor(value / 2 ** 32), offset + 24);
  words.writeUInt32BE(value >>> 0, offset + 28);
}

function putHash(words: Buffer, offset: number, hash: string, name: string) {
  if (!HASH32.test(hash)) throw new TypeError(`${name} must be 32 bytes of 0x-hex`);
  words.write(hash.slice(2), offset, "hex");
}

// The keccak256 of a log's user and agent ids, which every entry and receipt of that log encodes:
// a handful of logs write most entries, so each string is hashed once, not twice per context.
// Bounded: cleared when full (a cache miss only costs the hash).
const STRING_HASH_CACHE_MAX = 10_000;
const stringHashes = new Map<string, Uint8Array>();

function stringHash(value: string): Uint8Array {
  let hash = stringHashes.get(value);
  if (hash === undefined) {
    hash = keccak256Bytes(utf8.encode(value));
    if (stringHashes.size >= STRING_HASH_CACHE_MAX) stringHashes.clear();
    stringHashes.set(value, hash);
  }
  return hash;
}

// The struct encoding by hand (typehash ‖ 32-byte words, strings as their keccak256): the API
// computes one entry hash and one receipt per context on its hot path; tests compare it with viem.
// Written into one scratch buffer per struct, reused call after call (keccak reads it at once):
// each call overwrites every word but the zero high bytes of the uint64s, which stay zero.
const ENTRY_WORDS = Buffer.alloc(32 * 6);
ENTRY_WORDS.set(ENTRY_TYPEHASH, 0);
const RECEIPT_WORDS = Buffer.alloc(32 * 7);
RECEIPT_WORDS.set(RECEIPT_TYPEHASH, 0);

function encodeEntry(words: Buffer, f: LogEntryFields): Buffer {
  putHash(words, 32, f.contextHash, "contextHash");
  putHash(words, 160, f.prevEntryHash, "prevEntryHash");
  putUint(words, 128, f.sequence);
  words.set(stringHash(f.userId), 64);
  words.set(stringHash(f.agentId), 96);
  return words;
}

/** The entry hash: EIP-712 `hashStruct(LogEntry)`, the Merkle leaf of a version 2 context. */
export function entryHash(fields: LogEntryFields): Hex {
  return keccak256Hex(encodeEntry(ENTRY_WORDS, fields));
}

const RECEIPT_MESSAGE = Buffer.alloc(66);
RECEIPT_MESSAGE[0] = 0x19;
RECEIPT_MESSAGE[1] = 0x01;
RECEIPT_MESSAGE.set(DOMAIN_SEPARATOR, 2);

/** The EIP-712 digest a receipt signs: keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(Receipt)). */
export function receiptDigest(fields: ReceiptFields): Uint8Array {
  putUint(RECEIPT_WORDS, 192, fields.receivedAt.getTime());
  RECEIPT_MESSAGE.set(keccak256Bytes(encodeEntry(RECEIPT_WORDS, fields)), 34);
  return keccak256Bytes(RECEIPT_MESSAGE);
}

/** Signs a receipt with the attestation key (native secp256k1; 65 bytes r ‖ s ‖ v, v = 27/28). */
export function signReceiptDigest(fields: ReceiptFields, privateKey: Uint8Array): Hex {
  return signDigestHex(receiptDigest(fields), privateKey);
}

/** The typed data of a receipt, as viem's signTypedData / verifyTypedData take it. */
export function receiptTypedData(fields: ReceiptFields) {
  return {
    domain: RECEIPT_DOMAIN,
    types: { Receipt: CHAIN_TYPES.Receipt },
    primaryType: "Receipt" as const,
    message: {
      contextHash: fields.contextHash as Hex,
      userId: fields.userId,
      agentId: fields.agentId,
      sequence: BigInt(fields.sequence),
      prevEntryHash: fields.prevEntryHash as Hex,
      receivedAt: BigInt(fields.receivedAt.getTime()),
    },
  };
}

/** The address that signed a receipt; null for a malformed signature. */
export async function recoverReceiptSigner(fields: ReceiptFields, signature: Hex): Promise<Address | null> {
  try {
    return await recoverTypedDataAddress({ ...receiptTypedData(fields), signature });
  } catch {
    return null;
  }
}
