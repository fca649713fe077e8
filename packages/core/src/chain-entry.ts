import { type Address, bytesToHex, type Hex, hexToBytes, recoverTypedDataAddress } from "viem";
import { keccak256Bytes, keccak256Hex } from "./keccak";
import { signDigest } from "./secp256k1";

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

function putUint(words: Uint8Array, offset: number, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`not a uint64: ${value}`);
  let v = BigInt(value);
  for (let i = 31; i >= 24 && v > 0n; i--) {
    words[offset + i] = Number(v & 0xffn);
    v >>= 8n;
  }
}

function putHash(words: Uint8Array, offset: number, hash: string, name: string) {
  if (!HASH32.test(hash)) throw new TypeError(`${name} must be 32 bytes of 0x-hex`);
  words.set(hexToBytes(hash as Hex), offset);
}

// The struct encoding by hand (typehash ‖ 32-byte words, strings as their keccak256): the API
// computes one entry hash and one receipt per context on its hot path; tests compare it with viem.
function encodeEntry(typehash: Uint8Array, f: LogEntryFields, extra: number[]): Uint8Array {
  const words = new Uint8Array(32 * (6 + extra.length));
  words.set(typehash, 0);
  putHash(words, 32, f.contextHash, "contextHash");
  words.set(keccak256Bytes(utf8.encode(f.userId)), 64);
  words.set(keccak256Bytes(utf8.encode(f.agentId)), 96);
  putUint(words, 128, f.sequence);
  putHash(words, 160, f.prevEntryHash, "prevEntryHash");
  for (const [i, value] of extra.entries()) putUint(words, 192 + 32 * i, value);
  return words;
}

/** The entry hash: EIP-712 `hashStruct(LogEntry)`, the Merkle leaf of a version 2 context. */
export function entryHash(fields: LogEntryFields): Hex {
  return keccak256Hex(encodeEntry(ENTRY_TYPEHASH, fields, []));
}

/** The EIP-712 digest a receipt signs: keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(Receipt)). */
export function receiptDigest(fields: ReceiptFields): Uint8Array {
  const struct = keccak256Bytes(encodeEntry(RECEIPT_TYPEHASH, fields, [fields.receivedAt.getTime()]));
  const message = new Uint8Array(66);
  message[0] = 0x19;
  message[1] = 0x01;
  message.set(DOMAIN_SEPARATOR, 2);
  message.set(struct, 34);
  return keccak256Bytes(message);
}

/** Signs a receipt with the attestation key (native secp256k1; 65 bytes r ‖ s ‖ v, v = 27/28). */
export function signReceiptDigest(fields: ReceiptFields, privateKey: Uint8Array): Hex {
  const { signature, recoveryId } = signDigest(receiptDigest(fields), privateKey);
  return `${bytesToHex(signature)}${(27 + recoveryId).toString(16)}` as Hex;
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
