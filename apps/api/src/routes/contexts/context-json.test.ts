import { createContextSigner } from "@ctxlog/core";
import { type Context, pendingContextRow } from "@ctxlog/db";
import { createdContextJson, createdContextsJson } from "./context-json";
import { createdContextResource } from "./context-resource";

// Anvil's second dev account (the development attestation key) — public test material.
const signer = createContextSigner("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const hash = (c: string) => `0x${c.repeat(64)}`;
const created = new Date("2026-11-26T10:11:12.345Z");

/** A fresh row as insertContexts returns it (built by the same `pendingContextRow`). */
const fresh: Context = pendingContextRow(
  {
    id: "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
    userId: 'usr_ünïcode"quoted"',
    apiKeyId: "key_1",
    keyFamilyId: "key_1",
    agentId: "planner-7",
    contextData: { task: "summarize", n: [1, 2.5, -0, 1e21, null, true], "é\u2028": { "\n": "\u0007" } },
    metadata: {},
    visibility: "private",
    canonicalJson: "{}",
    contextHash: hash("a"),
    signature: `${hash("b")}${"c".repeat(66)}`,
    signerAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    network: "anvil",
    createdAt: created,
    estimatedConfirmation: new Date(created.getTime() + 5000),
  },
  { sequence: 7, prevEntryHash: hash("d"), entryHash: hash("e") },
);

const stringified = (row: Context) => JSON.stringify(createdContextResource(row, signer));

describe("createdContextJson", () => {
  it.each<[string, Context]>([
    ["a fresh row", fresh],
    [
      "a confirmed row",
      {
        ...fresh,
        status: "confirmed",
        transactionHash: hash("f"),
        blockNumber: 123456789n,
        blockTimestamp: new Date("2026-11-26T10:11:20Z"),
        confirmations: 3,
        gasUsed: 21000n,
        confirmationTimeSeconds: 8,
        visibility: "public",
        metadata: { run: 1 },
      },
    ],
    [
      "a failed row",
      {
        ...fresh,
        status: "failed",
        errorCode: "ANCHOR_FAILED",
        errorMessage: null,
        errorDetails: 'reverted: "nope"',
        failureReason: "reverted",
        retryPossible: true,
      },
    ],
    [
      "a row outside any log (no receipt)",
      { ...fresh, sequence: null, prevEntryHash: null, entryHash: null },
    ],
  ])("is JSON.stringify(createdContextResource(row)) byte for byte: %s", (_name, row) => {
    expect(createdContextJson(row, signer)).toBe(stringified(row));
  });

  it("writes each row's own times, also when rows alternate between instants", () => {
    const later = { ...fresh, createdAt: new Date(created.getTime() + 1), estimatedConfirmation: created };
    const rows = [fresh, later, fresh, later];
    expect(createdContextsJson(rows, signer)).toBe(
      JSON.stringify({ data: rows.map((row) => createdContextResource(row, signer)) }),
    );
    expect(createdContextsJson([], signer)).toBe('{"data":[]}');
  });
});
