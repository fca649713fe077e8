// Integration: real anvil (own, automine) with the real registry, real PostgreSQL and Redis. The
// anchors are real transactions; the db transitions are the chain worker's own functions.
import { randomBytes } from "node:crypto";
import { ANVIL_DEV_KEYS } from "@ctxlog/contracts/anvil";
import { createContextSigner, encodeCanonical, hashContext } from "@ctxlog/core";
import { bytesOfHex, withHexColumns } from "@ctxlog/db";
import { privateKeyToAccount } from "viem/accounts";
import { type ChainFixture, STRANGER_KEY, startChainFixture } from "../../testing/chain-fixture";
import {
  createTestHarness,
  TEST_ATTESTATION_KEY,
  type Tenant,
  type TestHarness,
} from "../../testing/harness";
import { failing, reasonOf, TREE_HEAD_CHECKS, verificationHelpers } from "../../testing/verification-helpers";

let chain: ChainFixture;
let h: TestHarness;
let owner: Tenant;

beforeAll(async () => {
  chain = await startChainFixture();
  h = await createTestHarness(chain.env);
  owner = await h.tenant({ agents: ["agent-r*"] });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

const { create, verify, ...helpers } = verificationHelpers(() => ({ h, chain }));
const confirmed = (count: number) => helpers.confirmed(owner.keys.full, count);

describe("POST /v1/verifications {context_id}", () => {
  it("verifies a confirmed context: every check passes, and verification.completed carries the spec's fields", async () => {
    const { ids, batch } = await confirmed(3);
    const id = ids[1] as string;
    const row = withHexColumns(await h.db.context.findUniqueOrThrow({ where: { id } }));
    const res = await verify(owner.keys.read_only, { context_id: id });
    expect(res.status).toBe(200);
    const v = res.body;
    // anchored by the log's tree head, as the chain worker anchors: the log's checks run too
    expect(v.checks.map((c: { name: string }) => c.name)).toEqual(TREE_HEAD_CHECKS);
    expect(failing(v)).toEqual([]);
    expect(v).toMatchObject({
      context_id: id,
      transaction_hash: batch.transactionHash,
      verdict: "verified",
      verified: true,
      agent_id: "agent-a",
      context_hash: row.contextHash,
      signature_valid: true,
      hash_matches: true,
      block_number: Number(batch.blockNumber),
      confirmations: chain.confirmations,
    });
    expect(v.verification_id).toMatch(/^vrf_[0-9A-Z]{26}$/);
    expect(Number.isInteger(v.verification_time_ms) && v.verification_time_ms >= 0).toBe(true);
    expect(res.headers.location).toBe(`/v1/verifications/${v.verification_id}`);

    const event = await h.db.outboxEvent.findFirstOrThrow({
      where: { userId: owner.userId, event: "verification.completed", contextId: id },
    });
    const envelope = JSON.parse(event.payload);
    expect(envelope.event).toBe("verification.completed");
    expect(Object.keys(envelope.data)).toEqual([
      "verification_id",
      "transaction_hash",
      "verified",
      "agent_id",
      "context_hash",
      "signature_valid",
      "hash_matches",
      "block_number",
      "confirmations",
      "verification_time_ms",
      "verdict", // after the spec's fields: the three-valued verdict, as the Verification says it
    ]);
    const { checks: _checks, context_id: _id, created_at: _at, data_erased: _erased, ...eventFields } = v;
    expect(envelope.data).toEqual(eventFields);
  });

  it("a batch of one (empty proof) verifies too", async () => {
    const { ids } = await confirmed(1);
    const res = await verify(owner.keys.full, { context_id: ids[0] });
    expect(res.body.verified).toBe(true);
  });

  it("changed data fails hash_matches", async () => {
    const { ids } = await confirmed(2);
    const row = withHexColumns(await h.db.context.findUniqueOrThrow({ where: { id: ids[0] } }));
    // the one stored copy of the data (canonical_data), rewritten with other data
    const tampered = `{"agent_id":${JSON.stringify(row.agentId)},"context_data":{"n":"tampered"},"metadata":{}}`;
    await h.db.context.update({ where: { id: ids[0] }, data: { canonicalData: encodeCanonical(tampered) } });
    const res = await verify(owner.keys.full, { context_id: ids[0] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      verdict: "failed",
      verified: false,
      hash_matches: false,
      signature_valid: true,
    });
    expect(failing(res.body)).toEqual(["hash_matches"]);
    const stored = await h.db.context.findUniqueOrThrow({ where: { id: ids[0] } });
    expect(res.body.context_hash).not.toBe(stored.contextHash);
  });

  it("a stored hash that is not the data's (and its re-signature) is caught by hash_matches", async () => {
    const { ids } = await confirmed(1);
    const other = hashContext({ agent_id: "agent-a", context_data: { other: true } }).contextHash;
    const row = withHexColumns(await h.db.context.findUniqueOrThrow({ where: { id: ids[0] } }));
    const signature = createContextSigner(TEST_ATTESTATION_KEY).signReceipt({
      ...row,
      contextHash: other,
      sequence: row.sequence as number,
      prevEntryHash: row.prevEntryHash as string,
      receivedAt: row.createdAt,
    });
    await h.db.context.update({
      where: { id: ids[0] },
      data: { contextHash: bytesOfHex(other), signature: bytesOfHex(signature) },
    });
    const res = await verify(owner.keys.full, { context_id: ids[0] });
    expect(res.body.verified).toBe(false);
    expect(failing(res.body)).toEqual(expect.arrayContaining(["hash_matches", "merkle_proof"]));
    expect(failing(res.body)).not.toContain("signature_valid");
  });

  it("a context signed before receipts were its signature (EIP-191) verifies as before", async () => {
    const { ids } = await confirmed(1);
    const row = withHexColumns(await h.db.context.findUniqueOrThrow({ where: { id: ids[0] } }));
    const signature = await createContextSigner(TEST_ATTESTATION_KEY).sign(row.contextHash as `0x${string}`);
    await h.db.context.update({
      where: { id: row.id },
      data: { signature: bytesOfHex(signature), signatureScheme: "EIP-191" },
    });
    const res = await verify(owner.keys.full, { context_id: row.id });
    expect(res.body).toMatchObject({ verified: true, signature_valid: true });
    // the same EIP-191 signature read as a receipt's recovers another address: the scheme decides
    await h.db.context.update({ where: { id: row.id }, data: { signatureScheme: "EIP-712" } });
    const asReceipt = await verify(owner.keys.full, { context_id: row.id });
    expect(asReceipt.body).toMatchObject({ verified: false, signature_valid: false });
  });

  it("a signature by another key than the recorded signer fails signature_valid", async () => {
    const { ids } = await confirmed(1);
    const row = withHexColumns(await h.db.context.findUniqueOrThrow({ where: { id: ids[0] } }));
    const forged = await createContextSigner(ANVIL_DEV_KEYS[2]).sign(row.contextHash as `0x${string}`);
    await h.db.context.update({ where: { id: ids[0] }, data: { signature: bytesOfHex(forged) } });
    const res = await verify(owner.keys.full, { context_id: ids[0] });
    expect(res.body).toMatchObject({ verified: false, signature_valid: false, hash_matches: true });
    expect(failing(res.body)).toEqual(["signature_valid"]);
  });

  it("a batch root anchored by an address that is not a published signer fails anchor_submitter", async () => {
    const ids = [await create(owner.keys.full), await create(owner.keys.full)];
    // anyone may call anchor(root, count): here another account did, for our batch's root
    const batch = await chain.anchorContexts(h.db, ids, { fromKey: STRANGER_KEY });
    const stranger = privateKeyToAccount(STRANGER_KEY).address;
    const res = await verify(owner.keys.full, { context_id: ids[1] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      verified: false,
      transaction_hash: batch.transactionHash,
      hash_matches: true,
      signature_valid: true,
      confirmations: chain.confirmations,
    });
    expect(failing(res.body)).toEqual(["anchor_submitter"]);
    expect(reasonOf(res.body, "anchor_submitter")).toBe(
      `the root was anchored by ${stranger}, not a published anchor key of this service (GET /v1/signers)`,
    );
    expect(reasonOf(res.body, "anchored_log")).toContain(stranger);
  });

  it("a proof that does not reach the batch root fails merkle_proof", async () => {
    // a batch tree's (contexts logged before chained logs); a tree head's: verify-tree-head.test.ts
    const { ids } = await helpers.unloggedConfirmed(owner.keys.full, 3);
    // the proof is read out of the batch's tree: every node of it altered (its size kept)
    const [placed] = await h.db.confirmedContext.findMany({ where: { id: ids[2] } });
    const anchor = await h.db.anchor.findUniqueOrThrow({ where: { ref: placed?.anchorRef as number } });
    await h.db.anchor.update({
      where: { id: anchor.id },
      data: { merkleTree: randomBytes(anchor.merkleTree?.length ?? 0) },
    });
    const res = await verify(owner.keys.full, { context_id: ids[2] });
    expect(res.body.verified).toBe(false);
    expect(failing(res.body)).toEqual(["merkle_proof"]);
    expect(res.body.checks.find((c: { name: string }) => c.name === "merkle_proof").reason).toMatch(
      /not the batch root/,
    );
  });

  it("too few confirmations: verified false until the chain is deep enough", async () => {
    const id = await create(owner.keys.full);
    const batch = await chain.anchorContexts(h.db, [id], { confirm: false });
    const shallow = await verify(owner.keys.full, { context_id: id });
    expect(shallow.body).toMatchObject({
      verified: false,
      confirmations: 1,
      block_number: Number(batch.blockNumber),
      transaction_hash: batch.transactionHash,
    });
    expect(failing(shallow.body)).toEqual(["confirmations"]);
    await chain.mine(chain.confirmations - 1);
    const deep = await verify(owner.keys.full, { context_id: id });
    expect(deep.body).toMatchObject({ verified: true, confirmations: chain.confirmations });
  });

  it("a pending context is verified false (200), its chain links naming why", async () => {
    const id = await create(owner.keys.full);
    const res = await verify(owner.keys.full, { context_id: id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      verified: false,
      transaction_hash: null,
      block_number: null,
      confirmations: 0,
    });
    expect(failing(res.body)).toEqual([
      "merkle_proof",
      "transaction",
      "anchored_log",
      "anchor_submitter",
      "block",
      "confirmations",
    ]);
    expect(res.body.checks.find((c: { name: string }) => c.name === "transaction").reason).toMatch(
      /is pending and has no anchoring transaction yet/,
    );
  });
});

// Last: the reorg rewrites this file's chain.
describe("POST /v1/verifications — reorg", () => {
  it("a confirmed context whose block was reorged away verifies false, naming the reorg", async () => {
    const { ids, batch } = await confirmed(2);
    const head = await chain.client.getBlockNumber();
    await chain.rpc("anvil_reorg", [Number(head - batch.blockNumber + 1n), []]);
    const res = await verify(owner.keys.full, { context_id: ids[0] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      verified: false,
      hash_matches: true,
      signature_valid: true,
      confirmations: 0,
    });
    expect(failing(res.body)).toEqual([
      "transaction",
      "anchored_log",
      "anchor_submitter",
      "block",
      "confirmations",
    ]);
    const block = res.body.checks.find((c: { name: string }) => c.name === "block");
    expect(block.reason).toMatch(
      new RegExp(`block ${batch.blockNumber} \\(${batch.blockHash}\\).*left the canonical chain \\(reorg\\)`),
    );
  });
});
