import { type Hex, hashStruct, keccak256, toHex, verifyTypedData } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  CHAIN_TYPES,
  entryHash,
  RECEIPT_DOMAIN,
  type ReceiptFields,
  receiptTypedData,
  recoverReceiptSigner,
  ZERO_ENTRY_HASH,
} from "./chain-entry";
import { loadFastKeccak } from "./keccak";
import { createContextSigner } from "./signing";

// Anvil's second dev account (the development attestation key) — public test material.
const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" as const;
const account = privateKeyToAccount(KEY);

const fields: ReceiptFields = {
  contextHash: keccak256(toHex("context")),
  userId: "usr_ünïcode",
  agentId: "planner-7",
  sequence: 42,
  prevEntryHash: keccak256(toHex("previous")),
  receivedAt: new Date("2026-11-27T10:11:12.345Z"),
};

describe.each([
  ["JS keccak", async () => {}],
  ["WebAssembly keccak", loadFastKeccak],
])("chain entries (%s)", (_name, load) => {
  beforeAll(load);

  it("entry hash is viem's EIP-712 hashStruct of LogEntry", () => {
    const viem = hashStruct({
      types: CHAIN_TYPES,
      primaryType: "LogEntry",
      data: {
        contextHash: fields.contextHash as `0x${string}`,
        userId: fields.userId,
        agentId: fields.agentId,
        sequence: BigInt(fields.sequence),
        prevEntryHash: fields.prevEntryHash as `0x${string}`,
      },
    });
    expect(entryHash(fields)).toBe(viem);
    expect(entryHash({ ...fields, sequence: 1, prevEntryHash: ZERO_ENTRY_HASH })).not.toBe(viem);
  });

  it("a receipt signed natively is viem's signTypedData and verifies with verifyTypedData", async () => {
    const signature = createContextSigner(KEY).signReceipt(fields);
    const typed = receiptTypedData(fields);
    expect(signature).toBe(await account.signTypedData(typed));
    await expect(verifyTypedData({ address: account.address, ...typed, signature })).resolves.toBe(true);
    expect(typed.domain).toEqual(RECEIPT_DOMAIN);
    await expect(recoverReceiptSigner(fields, signature)).resolves.toBe(account.address);
    // any signed field changed: another signer recovers
    await expect(recoverReceiptSigner({ ...fields, sequence: 43 }, signature)).resolves.not.toBe(
      account.address,
    );
    await expect(recoverReceiptSigner(fields, "0x1234")).resolves.toBeNull();
  });

  it("refuses malformed hashes and sequences", () => {
    expect(() => entryHash({ ...fields, contextHash: "0x12" })).toThrow(/contextHash/);
    expect(() => entryHash({ ...fields, sequence: -1 })).toThrow(/uint64/);
    expect(() => entryHash({ ...fields, prevEntryHash: `0x${"g".repeat(64)}` })).toThrow(/prevEntryHash/);
  });

  it("each call stands alone: no field of an earlier call (refused or large) leaks into the next", async () => {
    const viem = (f: typeof fields) =>
      hashStruct({
        types: CHAIN_TYPES,
        primaryType: "LogEntry",
        data: {
          ...f,
          contextHash: f.contextHash as Hex,
          prevEntryHash: f.prevEntryHash as Hex,
          sequence: BigInt(f.sequence),
        },
      });
    const big = { ...fields, userId: "u2", agentId: "a2", sequence: 2 ** 53 - 1 };
    expect(entryHash(big)).toBe(viem(big));
    expect(() => entryHash({ ...fields, prevEntryHash: "0x12" })).toThrow();
    const receipt = createContextSigner(KEY).signReceipt({ ...big, receivedAt: new Date(2 ** 40) });
    expect(entryHash(fields)).toBe(viem(fields));
    expect(receipt).toBe(
      await account.signTypedData(receiptTypedData({ ...big, receivedAt: new Date(2 ** 40) })),
    );
    expect(createContextSigner(KEY).signReceipt(fields)).toBe(
      await account.signTypedData(receiptTypedData(fields)),
    );
  });
});
