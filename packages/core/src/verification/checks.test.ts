import { hashContext } from "../canonical";
import { buildMerkleTree } from "../merkle";
import { createContextSigner } from "../signing";
import { runVerificationChecks } from "./checks";
import type { PublishedSigner } from "./signers";
import type { VerificationCheckName, VerificationInput, VerificationOutcome } from "./types";

const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const OTHER_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const REGISTRY = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const TX = `0x${"ab".repeat(32)}`;
const BLOCK_HASH = `0x${"cd".repeat(32)}`;
const signer = createContextSigner(KEY);
const createdAt = new Date("2025-06-01T12:00:00Z");
const signers: PublishedSigner[] = [
  { address: signer.address, validFrom: new Date("2025-01-01T00:00:00Z"), validUntil: null },
];

const data = { agent_id: "planner-7", context_data: { task: "summarize", steps: 3 }, metadata: { run: 1 } };
const others = [1, 2, 3].map((n) => hashContext({ agent_id: "x", context_data: { n } }).contextHash);

async function goodInput(): Promise<VerificationInput> {
  const { canonical, contextHash } = hashContext(data);
  const tree = buildMerkleTree([contextHash, ...others]);
  return {
    data: structuredClone(data),
    stored: {
      contextId: "ctx_1",
      contextHash,
      canonicalJson: canonical,
      signature: await signer.sign(contextHash),
      signerAddress: signer.address,
      createdAt,
      status: "confirmed",
      merkleProof: tree.proofs[0] as string[],
      anchor: {
        merkleRoot: tree.root,
        chainId: 31337,
        registryAddress: REGISTRY,
        blockNumber: 10n,
        blockHash: BLOCK_HASH,
      },
    },
    transactionHash: TX,
    registries: [REGISTRY],
    signers,
    chain: {
      chainId: 31337,
      head: 12n,
      receipt: {
        status: "success",
        to: REGISTRY.toLowerCase(),
        blockNumber: 10n,
        blockHash: BLOCK_HASH,
        anchored: [
          { registry: REGISTRY.toLowerCase(), root: tree.root, count: 4, submitter: signer.address },
        ],
      },
      receiptBlockHash: BLOCK_HASH,
      recordedBlockHash: BLOCK_HASH,
    },
    requiredConfirmations: 3,
  };
}

const failed = (o: VerificationOutcome) => o.checks.filter((c) => !c.ok).map((c) => c.name);
const check = (o: VerificationOutcome, name: VerificationCheckName) => o.checks.find((c) => c.name === name);

describe("runVerificationChecks", () => {
  it("passes every check, in order, for an intact confirmed context", async () => {
    const o = await runVerificationChecks(await goodInput());
    expect(o.checks.map((c) => c.name)).toEqual([
      "canonical_context",
      "hash_matches",
      "signature_valid",
      "merkle_proof",
      "transaction",
      "anchored_log",
      "anchor_submitter",
      "block",
      "confirmations",
    ]);
    expect(failed(o)).toEqual([]);
    expect(check(o, "anchor_submitter")?.reason).toMatch(/a published anchor key/);
    expect(o).toMatchObject({
      verified: true,
      hashMatches: true,
      signatureValid: true,
      blockNumber: 10n,
      confirmations: 3,
      contextHash: hashContext(data).contextHash,
    });
  });

  it("changed data fails only the data links", async () => {
    const input = await goodInput();
    input.data = { ...data, context_data: { task: "summarize", steps: 4 } };
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["canonical_context", "hash_matches"]);
    expect(o.verified).toBe(false);
    expect(o.hashMatches).toBe(false);
    expect(o.signatureValid).toBe(true);
    expect(o.contextHash).not.toBe(input.stored?.contextHash);
    expect(check(o, "hash_matches")?.reason).toMatch(/was logged with context_hash/);
  });

  it("a stored canonical JSON that differs (same hash) fails canonical_context", async () => {
    const input = await goodInput();
    (input.stored as { canonicalJson: string }).canonicalJson = '{"agent_id":"planner-7"}';
    expect(failed(await runVerificationChecks(input))).toEqual(["canonical_context"]);
  });

  it("a signature by a key that is not published fails signature_valid", async () => {
    const input = await goodInput();
    const stranger = createContextSigner(OTHER_KEY);
    const stored = input.stored as { signature: string; signerAddress: string; contextHash: `0x${string}` };
    stored.signature = await stranger.sign(stored.contextHash);
    stored.signerAddress = stranger.address;
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["signature_valid"]);
    expect(check(o, "signature_valid")?.reason).toMatch(/not a published signer/);
  });

  it("a signature that recovers someone other than the recorded signer fails", async () => {
    const input = await goodInput();
    const stored = input.stored as { signature: string; contextHash: `0x${string}` };
    stored.signature = await createContextSigner(OTHER_KEY).sign(stored.contextHash);
    expect(check(await runVerificationChecks(input), "signature_valid")?.reason).toMatch(
      /not the recorded signer/,
    );
  });

  it("garbage signatures fail, never throw", async () => {
    const input = await goodInput();
    (input.stored as { signature: string }).signature = "0x1234";
    expect(failed(await runVerificationChecks(input))).toEqual(["signature_valid"]);
  });

  it("an old signer is accepted within its period and refused outside it", async () => {
    const input = await goodInput();
    input.signers = [
      { address: signer.address, validFrom: new Date("2025-01-01Z"), validUntil: new Date("2025-07-01Z") },
      {
        address: "0x0000000000000000000000000000000000000001",
        validFrom: new Date("2025-07-01Z"),
        validUntil: null,
      },
    ];
    expect((await runVerificationChecks(input)).signatureValid).toBe(true);
    input.signers = [
      { address: signer.address, validFrom: new Date("2025-01-01Z"), validUntil: new Date("2025-03-01Z") },
    ];
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["signature_valid"]);
    expect(check(o, "signature_valid")?.reason).toMatch(/the context was created at 2025-06-01/);
  });

  it("a proof that does not reach the root fails merkle_proof only", async () => {
    const input = await goodInput();
    const stored = input.stored as unknown as { merkleProof: string[] };
    stored.merkleProof = [...stored.merkleProof]
      .reverse()
      .map((p, i) => (i === 0 ? others[2] : p)) as string[];
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["merkle_proof"]);
    expect(check(o, "merkle_proof")?.reason).toMatch(/not the batch root/);
  });

  it("a malformed proof element fails merkle_proof", async () => {
    const input = await goodInput();
    (input.stored as unknown as { merkleProof: string[] }).merkleProof = ["0xzz"];
    expect(failed(await runVerificationChecks(input))).toEqual(["merkle_proof"]);
  });

  it("a root anchored by the registry that is not the batch's fails anchored_log", async () => {
    const input = await goodInput();
    const receipt = input.chain.receipt as unknown as { anchored: { root: string }[] };
    (receipt.anchored[0] as { root: string }).root = others[0] as string;
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["anchored_log", "anchor_submitter"]);
    expect(check(o, "anchored_log")?.reason).toMatch(/not this context's batch root/);
    expect(check(o, "anchor_submitter")?.reason).toMatch(/no Anchored log for this root/);
  });

  it("an Anchored log for the batch's root sent by an unpublished address fails anchor_submitter", async () => {
    const input = await goodInput();
    const stranger = createContextSigner(OTHER_KEY).address;
    const receipt = input.chain.receipt as unknown as { anchored: { submitter: string }[] };
    (receipt.anchored[0] as { submitter: string }).submitter = stranger;
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["anchor_submitter"]);
    expect(o.verified).toBe(false);
    expect(check(o, "anchor_submitter")?.reason).toBe(
      `the root was anchored by ${stranger}, not a published anchor key of this service (GET /v1/signers)`,
    );
  });

  it("a retired published signer still counts as a submitter (its past anchors stay valid)", async () => {
    const input = await goodInput();
    input.signers = [{ ...(signers[0] as PublishedSigner), validUntil: new Date("2025-12-31T00:00:00Z") }];
    expect(failed(await runVerificationChecks(input))).toEqual([]);
  });

  it("an Anchored log from another contract does not count", async () => {
    const input = await goodInput();
    const receipt = input.chain.receipt as unknown as { anchored: { registry: string }[] };
    (receipt.anchored[0] as { registry: string }).registry = "0x0000000000000000000000000000000000000002";
    expect(failed(await runVerificationChecks(input))).toEqual(["anchored_log", "anchor_submitter"]);
  });

  it("an unknown transaction fails every chain check with the same reason", async () => {
    const input = await goodInput();
    input.chain = { ...input.chain, receipt: null, receiptBlockHash: null };
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["transaction", "anchored_log", "anchor_submitter", "block", "confirmations"]);
    expect(check(o, "transaction")?.reason).toMatch(
      /no receipt for 0xabab.*unknown, dropped or not yet mined/,
    );
    expect(o).toMatchObject({ blockNumber: null, confirmations: 0, verified: false });
  });

  it("a transaction whose recorded block left the chain is reported as a reorg", async () => {
    const input = await goodInput();
    input.chain = {
      ...input.chain,
      receipt: null,
      receiptBlockHash: null,
      recordedBlockHash: `0x${"ee".repeat(32)}`,
    };
    const o = await runVerificationChecks(input);
    expect(check(o, "block")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/left the canonical chain \(reorg\)/),
    });
  });

  it("a receipt whose block is no longer canonical fails block and confirmations", async () => {
    const input = await goodInput();
    input.chain.receiptBlockHash = `0x${"ee".repeat(32)}`;
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["block", "confirmations"]);
    expect(o.confirmations).toBe(0);
  });

  it("a transaction re-mined in another block after a reorg still verifies", async () => {
    const input = await goodInput();
    const moved = `0x${"99".repeat(32)}`;
    Object.assign(input.chain.receipt as object, { blockNumber: 11n, blockHash: moved });
    input.chain.receiptBlockHash = moved;
    input.chain.head = 13n;
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual([]);
    expect(check(o, "block")?.reason).toMatch(/re-mined after a reorg/);
    expect(o.blockNumber).toBe(11n);
  });

  it("too few confirmations fails only confirmations, and reports the depth", async () => {
    const input = await goodInput();
    input.chain.head = 11n;
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["confirmations"]);
    expect(o.confirmations).toBe(2);
  });

  it("a reverted transaction, or one sent elsewhere, fails transaction", async () => {
    const input = await goodInput();
    (input.chain.receipt as { status: string }).status = "reverted";
    expect(check(await runVerificationChecks(input), "transaction")?.reason).toMatch(/reverted/);
    const other = await goodInput();
    (other.chain.receipt as { to: string }).to = "0x0000000000000000000000000000000000000003";
    expect(failed(await runVerificationChecks(other))).toEqual(["transaction"]);
  });

  it("a batch anchored on another chain cannot be checked here", async () => {
    const input = await goodInput();
    input.chain.chainId = 1;
    expect(check(await runVerificationChecks(input), "transaction")?.reason).toMatch(
      /anchored on chain 31337/,
    );
  });

  it("without a stored context, the data and proof links fail with the reason given", async () => {
    const input = await goodInput();
    input.stored = null;
    input.missingReason = "no context of yours with this hash is anchored in this transaction";
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["canonical_context", "hash_matches", "signature_valid", "merkle_proof"]);
    expect(check(o, "signature_valid")?.reason).toMatch(/no context of yours/);
    // the chain links are still checked: a real anchor transaction is one
    expect(check(o, "anchored_log")).toMatchObject({ ok: true, reason: expect.stringMatching(/4 contexts/) });
    expect(check(o, "anchor_submitter")?.ok).toBe(true);
    expect(o.contextHash).toBe(hashContext(data).contextHash);
  });

  it("a pending context without a transaction fails the chain links with its status", async () => {
    const input = await goodInput();
    Object.assign(input.stored as object, { status: "pending", anchor: null });
    input.transactionHash = null;
    input.chain = {
      chainId: 31337,
      head: 12n,
      receipt: null,
      receiptBlockHash: null,
      recordedBlockHash: null,
    };
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual([
      "merkle_proof",
      "transaction",
      "anchored_log",
      "anchor_submitter",
      "block",
      "confirmations",
    ]);
    expect(check(o, "transaction")?.reason).toMatch(/ctx_1 is pending and has no anchoring transaction yet/);
  });

  it("data that cannot be canonicalized fails the data links instead of throwing", async () => {
    const input = await goodInput();
    input.data = { agent_id: "a", context_data: undefined };
    const o = await runVerificationChecks(input);
    expect(failed(o)).toEqual(["canonical_context", "hash_matches"]);
    expect(o.contextHash).toBe(input.stored?.contextHash);
  });
});
