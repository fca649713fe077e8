import { hashContext } from "../canonical";
import { entryHash, ZERO_ENTRY_HASH } from "../chain-entry";
import { buildMerkleTree } from "../merkle";
import { createContextSigner } from "../signing";
import { runVerificationChecks } from "./checks";
import type { VerificationInput } from "./types";

// Version 2 contexts (the leaf is the entry hash) and the split of attestation and anchor keys.
const ATTEST = createContextSigner("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const ANCHOR = createContextSigner("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const REGISTRY = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const BLOCK_HASH = `0x${"cd".repeat(32)}`;
const data = { agent_id: "planner-7", context_data: { task: "summarize" }, metadata: {} };

async function chainedInput(): Promise<VerificationInput> {
  const { canonical, contextHash } = hashContext(data);
  const link = { userId: "usr-1", agentId: "planner-7", sequence: 5, prevEntryHash: ZERO_ENTRY_HASH };
  const leaf = entryHash({ ...link, contextHash });
  const tree = buildMerkleTree([leaf, contextHash]);
  const period = { validFrom: new Date("2025-01-01T00:00:00Z"), validUntil: null };
  return {
    data: structuredClone(data),
    stored: {
      contextId: "ctx_1",
      contextHash,
      canonicalJson: canonical,
      signature: await ATTEST.sign(contextHash),
      signerAddress: ATTEST.address,
      createdAt: new Date("2025-06-01T12:00:00Z"),
      status: "confirmed",
      merkleProof: tree.proofs[0] as string[],
      link: { ...link, entryHash: leaf },
      anchor: {
        merkleRoot: tree.root,
        chainId: 1,
        registryAddress: REGISTRY,
        blockNumber: 10n,
        blockHash: BLOCK_HASH,
      },
    },
    transactionHash: `0x${"ab".repeat(32)}`,
    registries: [REGISTRY],
    signers: [
      { address: ATTEST.address, kind: "attestation", ...period },
      { address: ANCHOR.address, kind: "anchor", ...period },
    ],
    chain: {
      chainId: 1,
      head: 12n,
      receipt: {
        status: "success",
        to: REGISTRY,
        blockNumber: 10n,
        blockHash: BLOCK_HASH,
        anchored: [{ registry: REGISTRY, root: tree.root, count: 2, submitter: ANCHOR.address }],
      },
      receiptBlockHash: BLOCK_HASH,
      recordedBlockHash: BLOCK_HASH,
    },
    requiredConfirmations: 3,
  };
}

const failedOf = async (input: VerificationInput) =>
  (await runVerificationChecks(input)).checks.filter((c) => !c.ok).map((c) => [c.name, c.reason]);

describe("version 2 contexts and split keys", () => {
  it("a chained context verifies: its entry hash is the leaf, its anchor key is not its attestation key", async () => {
    const o = await runVerificationChecks(await chainedInput());
    expect(o.verified).toBe(true);
    expect(o.checks.find((c) => c.name === "merkle_proof")?.reason).toMatch(/folds entry_hash \(entry 5/);
  });

  it("a changed sequence or prev link no longer hashes to the stored entry_hash", async () => {
    const input = await chainedInput();
    const link = input.stored?.link as NonNullable<NonNullable<VerificationInput["stored"]>["link"]>;
    link.sequence = 6;
    expect(await failedOf(input)).toEqual([
      [
        "merkle_proof",
        expect.stringMatching(/^entry 6: its fields hash to 0x[0-9a-f]{64}, not the stored entry_hash/),
      ],
    ]);
  });

  it("an anchor sent by the attestation key (published only as attestation) fails anchor_submitter", async () => {
    const input = await chainedInput();
    const anchored = input.chain.receipt?.anchored as unknown as { submitter: string }[];
    (anchored[0] as { submitter: string }).submitter = ATTEST.address;
    expect((await failedOf(input)).map(([name]) => name)).toEqual(["anchor_submitter"]);
  });

  it("a context signed by the anchor key (published only as anchor) fails signature_valid", async () => {
    const input = await chainedInput();
    const stored = input.stored as NonNullable<VerificationInput["stored"]>;
    stored.signature = await ANCHOR.sign(stored.contextHash as `0x${string}`);
    stored.signerAddress = ANCHOR.address;
    expect((await failedOf(input)).map(([name]) => name)).toEqual(["signature_valid"]);
  });
});
