// The SDK hashes entries and receipts by hand (the audit's hot path): each must be byte for byte
// what viem's EIP-712 functions compute, for every field.
import { type Hex, hashStruct, hashTypedData, keccak256, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  type ContextReceipt,
  computeEntryHash,
  LOG_TYPES,
  RECEIPT_DOMAIN,
  receiptDigest,
  verifyReceipt,
  ZERO_ENTRY_HASH,
} from "./chain-entry";

// Anvil's second dev account (the development attestation key) — public test material.
const account = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");

const entry = {
  context_hash: keccak256(toHex("context")),
  user_id: "usr_ünïcode",
  agent_id: "planner-7",
  sequence: 42,
  prev_entry_hash: keccak256(toHex("previous")),
};

const viemEntryHash = (e: typeof entry) =>
  hashStruct({
    types: LOG_TYPES,
    primaryType: "LogEntry",
    data: {
      contextHash: e.context_hash,
      userId: e.user_id,
      agentId: e.agent_id,
      sequence: BigInt(e.sequence),
      prevEntryHash: e.prev_entry_hash,
    },
  });

const typedReceipt = (r: Omit<ContextReceipt, "signer" | "signature">) => ({
  domain: RECEIPT_DOMAIN,
  types: { Receipt: LOG_TYPES.Receipt },
  primaryType: "Receipt" as const,
  message: {
    contextHash: r.context_hash,
    userId: r.user_id,
    agentId: r.agent_id,
    sequence: BigInt(r.sequence),
    prevEntryHash: r.prev_entry_hash,
    receivedAt: BigInt(Date.parse(r.received_at)),
  },
});

describe("entry hash", () => {
  it.each([
    ["a middle entry", entry],
    ["the first entry", { ...entry, sequence: 1, prev_entry_hash: ZERO_ENTRY_HASH }],
    ["the largest safe sequence", { ...entry, sequence: Number.MAX_SAFE_INTEGER }],
    ["empty strings", { ...entry, user_id: "", agent_id: "" }],
    [
      "upper-case hex",
      { ...entry, context_hash: entry.context_hash.toUpperCase().replace("0X", "0x") as Hex },
    ],
  ])("is viem's hashStruct(LogEntry) for %s", (_name, e) => {
    expect(computeEntryHash(e)).toBe(viemEntryHash(e));
  });

  it("changes with every field, and the cached string hashes follow the strings", () => {
    const base = computeEntryHash(entry);
    const variants = [
      { ...entry, context_hash: ZERO_ENTRY_HASH },
      { ...entry, user_id: "usr_other" },
      { ...entry, agent_id: "planner-8" },
      { ...entry, sequence: 43 },
      { ...entry, prev_entry_hash: ZERO_ENTRY_HASH },
    ];
    for (const v of variants) {
      expect(computeEntryHash(v)).not.toBe(base);
      expect(computeEntryHash(v)).toBe(viemEntryHash(v));
    }
    expect(computeEntryHash(entry)).toBe(base);
  });

  it("rejects what EIP-712 cannot encode", () => {
    expect(() => computeEntryHash({ ...entry, context_hash: "0x1234" })).toThrow(/context_hash/);
    expect(() => computeEntryHash({ ...entry, sequence: -1 })).toThrow(/uint64/);
    expect(() => computeEntryHash({ ...entry, sequence: 1.5 })).toThrow(/uint64/);
  });
});

describe("receipts", () => {
  const fields = { ...entry, received_at: "2026-11-27T10:11:12.345Z" };

  it("the digest is viem's hashTypedData(Receipt)", () => {
    expect(toHex(receiptDigest({ ...fields, signer: account.address, signature: "0x" }))).toBe(
      hashTypedData(typedReceipt(fields)),
    );
  });

  it("a receipt signed by viem's signTypedData verifies; any change to it does not", async () => {
    const signature = await account.signTypedData(typedReceipt(fields));
    const receipt: ContextReceipt = { ...fields, signer: account.address, signature };
    await expect(verifyReceipt(receipt)).resolves.toBeNull();
    await expect(verifyReceipt(receipt, [account.address.toLowerCase()])).resolves.toBeNull();
    await expect(verifyReceipt(receipt, [ZERO_ENTRY_HASH.slice(0, 42)])).resolves.toMatch(/not a trusted/);
    await expect(verifyReceipt({ ...receipt, sequence: 43 })).resolves.toMatch(/recovers 0x/);
    await expect(verifyReceipt({ ...receipt, received_at: "2026-11-27T10:11:12.346Z" })).resolves.toMatch(
      /recovers 0x/,
    );
    await expect(verifyReceipt({ ...receipt, received_at: "yesterday" })).resolves.toMatch(
      /does not recover/,
    );
  });
});
