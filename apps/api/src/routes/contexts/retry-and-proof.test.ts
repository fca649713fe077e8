import { randomBytes } from "node:crypto";
import {
  buildMerkleTree,
  createContextSigner,
  entryHash,
  leafHash,
  openCheckpoint,
  parseVerifierKey,
  recoverContextSigner,
  verifyInclusion,
  verifyMerkleProof,
} from "@ctxlog/core";
// Integration: real PostgreSQL (fresh database) and real Redis (own prefix). The chain worker's
// transitions (failed, confirmed) are written with its own repository functions.
import {
  bytesOfHex,
  confirmAnchor,
  failAnchor,
  hexOf,
  readContextStates,
  readLogIndexes,
  recordAnchorMined,
  saveChainStatus,
  withHexColumns,
} from "@ctxlog/db";
import { claimBatchTree, claimTestBatch } from "@ctxlog/db/testing";
import { type Hex, keccak256, recoverTypedDataAddress, stringToBytes } from "viem";
import {
  bearer,
  createTestHarness,
  TEST_ATTESTATION_KEY,
  type Tenant,
  type TestHarness,
} from "../../testing/harness";

let h: TestHarness;
let owner: Tenant;
let stranger: Tenant;
const target = {
  signerAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  chainId: 31337,
  network: "anvil",
  registryAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
};

async function create(key: string, agent = "agent-a") {
  const res = await h.request
    .post("/v1/contexts")
    .set(bearer(key))
    .send({ agent_id: agent, context_data: { agent, n: Math.random() } });
  expect(res.status).toBe(202);
  return res.body.context_id as string;
}

async function fail(ids: string[], retryPossible: boolean) {
  const batch = await claimTestBatch(h.db, target, ids);
  await failAnchor(h.db, batch?.anchorId as string, {
    reason: retryPossible ? "insufficient_gas" : "reverted",
    message: "m",
    details: "d",
    retryPossible,
  });
}

/**
 * Anchored as the chain worker anchors: the transparency log's tree head (issue 43); `batchTree`: a
 * batch's own sorted-pair tree, as claims made it before (what bundle versions 2 and 3 still show).
 */
async function confirm(ids: string[], { batchTree = false } = {}) {
  const anchorId = batchTree
    ? (await claimBatchTree(h.db, target, ids)).anchorId
    : ((await claimTestBatch(h.db, target, ids))?.anchorId as string);
  await h.db.anchorTransaction.create({
    data: {
      hash: randomBytes(32),
      anchorId,
      signerAddress: target.signerAddress,
      nonce: 0,
      rawTransaction: "0x",
      maxFeePerGas: "1",
      maxPriorityFeePerGas: "1",
      gasLimit: 60000,
    },
  });
  const tx = await h.db.anchorTransaction.findFirstOrThrow({ where: { anchorId } });
  await recordAnchorMined(h.db, {
    anchorId,
    transactionHash: hexOf(tx.hash),
    blockNumber: 12n,
    blockHash: `0x${"cd".repeat(32)}`,
    blockTimestamp: new Date(),
    gasUsed: 23850n,
    reverted: false,
  });
  await confirmAnchor(h.db, anchorId, `0x${"cd".repeat(32)}`, 3);
}

beforeAll(async () => {
  h = await createTestHarness();
  owner = await h.tenant();
  stranger = await h.tenant();
});
afterAll(() => h.close());

const retry = (key: string, id: string) => h.request.post(`/v1/contexts/${id}/retry`).set(bearer(key));
const proof = (key: string, id: string) => h.request.get(`/v1/contexts/${id}/proof`).set(bearer(key));

describe("POST /v1/contexts/:id/retry", () => {
  it("moves a retryable failed context back to pending, cleared, and queues it again", async () => {
    const id = await create(owner.keys.full);
    await fail([id], true);
    const failed = await h.request.get(`/v1/contexts/${id}`).set(bearer(owner.keys.full));
    expect(failed.body).toMatchObject({
      status: "failed",
      retry_possible: true,
      failure_reason: "insufficient_gas",
      error: { code: "BLOCKCHAIN_ERROR" },
    });

    const res = await retry(owner.keys.full, id);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      context_id: id,
      status: "pending",
      error: null,
      failure_reason: null,
      retry_possible: null,
      transaction_hash: null,
    });
    const row = await h.db.context.findUniqueOrThrow({ where: { id } });
    expect(row.anchorId).toBeNull();
    const job = await h.deps.queues.queue("anchorContexts").getJob(id);
    expect(job?.data).toEqual({ contextIds: [id] });
  });

  it("answers 409 for pending, confirmed, and non-retryable failures — and changes nothing", async () => {
    const pending = await create(owner.keys.full);
    const confirmed = await create(owner.keys.full);
    await confirm([confirmed]);
    const reverted = await create(owner.keys.full);
    await fail([reverted], false);
    for (const id of [pending, confirmed, reverted]) {
      const before = await h.db.context.findUniqueOrThrow({ where: { id } });
      const res = await retry(owner.keys.full, id);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("CONFLICT");
      expect(await h.db.context.findUniqueOrThrow({ where: { id } })).toEqual(before);
    }
  });

  it("restricted keys retry only their own contexts; read-only and public keys cannot retry", async () => {
    const mine = await create(owner.keys.restricted, "agent-r");
    const theirs = await create(owner.keys.full);
    await fail([mine, theirs], true);
    expect((await retry(owner.keys.restricted, theirs)).status).toBe(404);
    expect((await retry(owner.keys.read_only, mine)).status).toBe(403);
    expect((await retry(owner.keys.public, mine)).status).toBe(403);
    expect((await retry(owner.keys.restricted, mine)).status).toBe(202);
  });

  it("another user's context is a 404, and an unknown id too", async () => {
    const id = await create(owner.keys.full);
    await fail([id], true);
    expect((await retry(stranger.keys.full, id)).status).toBe(404);
    expect((await retry(owner.keys.full, "ctx_01JAZ0YQ8T9X2V3W4B5C6D7E8F")).status).toBe(404);
    expect((await readContextStates(h.db, [id]))[0]?.status).toBe("failed");
  });
});

describe("a confirmed context's confirmations", () => {
  it("are counted to the chain's head as the chain worker last saw it, in the record and the list", async () => {
    const id = await create(owner.keys.full, "agent-depth");
    await confirm([id]); // block 12, confirmed at depth 3
    const shown = async () => {
      const one = await h.request.get(`/v1/contexts/${id}`).set(bearer(owner.keys.full));
      const listed = await h.request.get("/v1/contexts?agent_id=agent-depth").set(bearer(owner.keys.full));
      return [one.body.confirmations, listed.body.data[0].confirmations];
    };
    await h.deps.confirmationEstimate.refresh();
    expect(await shown()).toEqual([3, 3]); // no head observed yet: as confirmed

    await saveChainStatus(h.db, {
      network: h.env.NETWORK_NAME,
      chainId: 31337,
      registryAddress: target.registryAddress,
      headBlock: 47n,
      blockTimeMs: 1000,
    });
    await h.deps.confirmationEstimate.refresh();
    expect(await shown()).toEqual([36, 36]); // blocks 12 to 47, both counted
  });
});

describe("GET /v1/contexts/:id/proof", () => {
  it("gives a context of a batch's own tree a version 3 bundle: hash of the canonical bytes, signature, proof to the root", async () => {
    const ids = [await create(owner.keys.full), await create(owner.keys.full), await create(owner.keys.full)];
    await confirm(ids, { batchTree: true });
    const res = await proof(owner.keys.read_only, ids[1] as string);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      context_id: ids[1],
      canonicalization: "RFC8785",
      chain_id: 31337,
      network: "anvil",
      block_number: 12,
      required_confirmations: 3,
      registry_address: target.registryAddress,
    });
    expect(keccak256(stringToBytes(b.canonical_context))).toBe(b.context_hash);
    expect(JSON.parse(b.canonical_context)).toEqual(b.context);
    // version 3: the signature is the EIP-712 Receipt's, and the bundle carries every field of it, so
    // a standard EIP-712 tool (here viem) recovers the signer from the bundle alone
    expect(b).toMatchObject({ signature_scheme: "EIP-712", eip712_domain: { name: "ctxlog", version: "1" } });
    expect(b.received_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const signer = await recoverTypedDataAddress({
      domain: b.eip712_domain,
      types: {
        Receipt: [
          { name: "contextHash", type: "bytes32" },
          { name: "userId", type: "string" },
          { name: "agentId", type: "string" },
          { name: "sequence", type: "uint64" },
          { name: "prevEntryHash", type: "bytes32" },
          { name: "receivedAt", type: "uint64" },
        ],
      },
      primaryType: "Receipt",
      message: {
        contextHash: b.context_hash,
        userId: b.user_id,
        agentId: b.context.agent_id,
        sequence: BigInt(b.sequence),
        prevEntryHash: b.prev_entry_hash,
        receivedAt: BigInt(Date.parse(b.received_at)),
      },
      signature: b.signature,
    });
    expect(signer).toBe(b.signer_address);
    // the leaf is the entry hash, which commits to the context's place in its log
    const rows = (await h.db.context.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } })).map(
      withHexColumns,
    );
    expect(b).toMatchObject({
      version: 3,
      user_id: owner.userId,
      sequence: rows[1]?.sequence,
      prev_entry_hash: rows[0]?.entryHash,
    });
    expect(
      b.entry_hash ===
        entryHash({
          contextHash: b.context_hash,
          userId: b.user_id,
          agentId: b.context.agent_id,
          sequence: b.sequence,
          prevEntryHash: b.prev_entry_hash,
        }),
    ).toBe(true);
    expect(verifyMerkleProof(b.entry_hash as Hex, b.merkle_proof, b.merkle_root)).toBe(true);
    expect(b.merkle_root).toBe(buildMerkleTree(rows.map((r) => r.entryHash as Hex)).root);
  });

  it("gives a context anchored by the log's tree head a version 4 bundle: its log index, the RFC 6962 proof, the signed checkpoint", async () => {
    const ids = [await create(owner.keys.full, "agent-v4"), await create(owner.keys.full, "agent-v4")];
    await confirm(ids);
    const res = await proof(owner.keys.read_only, ids[1] as string);
    expect(res.status).toBe(200);
    const b = res.body;
    const logIndex = (await readLogIndexes(h.db, [ids[1] as string])).get(ids[1] as string);
    expect(logIndex).toEqual(expect.any(Number));
    const log = b.log;
    expect(b).toMatchObject({ version: 4, merkle_algorithm: "RFC6962-SHA256", leaf_index: logIndex });
    // the entry proved at that index is this context's own
    const stored = withHexColumns(await h.db.context.findUniqueOrThrow({ where: { id: ids[1] as string } }));
    expect(b.entry_hash).toBe(stored.entryHash);
    const key = parseVerifierKey(log.verifier_key);
    const opened = openCheckpoint(log.checkpoint, { origin: log.origin, key });
    expect(opened.checkpoint.size).toBe(log.tree_size);
    expect(log).toMatchObject({
      tree_size: opened.checkpoint.size,
      anchored_tree_size: opened.checkpoint.size,
      consistency_proof: [],
      witness_policy: { threshold: 0, witnesses: [] },
    });
    // the root anchored is the checkpoint's, and the entry hash's leaf is in it at the log index
    expect(b.merkle_root).toBe(hexOf(opened.checkpoint.rootHash));
    expect(() =>
      verifyInclusion(
        b.leaf_index,
        log.tree_size,
        leafHash(bytesOfHex(b.entry_hash)),
        b.merkle_proof.map((n: string) => bytesOfHex(n)),
        opened.checkpoint.rootHash,
      ),
    ).not.toThrow();
    // GET /v1/tlog/key serves the key that signed it
    expect((await h.request.get("/v1/tlog/key")).text).toBe(`${log.verifier_key}\n`);
  });

  it("gives a context signed before receipts were its signature (EIP-191) a version 2 bundle", async () => {
    const ids = [await create(owner.keys.full, "agent-v2")];
    await confirm(ids, { batchTree: true });
    const row = withHexColumns(await h.db.context.findUniqueOrThrow({ where: { id: ids[0] } }));
    const signature = await createContextSigner(TEST_ATTESTATION_KEY).sign(row.contextHash as Hex);
    await h.db.context.update({
      where: { id: row.id },
      data: { signature: bytesOfHex(signature), signatureScheme: "EIP-191" },
    });
    const b = (await proof(owner.keys.full, row.id)).body;
    expect(b).toMatchObject({ version: 2, signature_scheme: "EIP-191", signature, sequence: row.sequence });
    expect(b).not.toHaveProperty("received_at");
    expect(b).not.toHaveProperty("eip712_domain");
    expect(await recoverContextSigner(b.context_hash, b.signature)).toBe(b.signer_address);
  });

  it("is a 409 before confirmation, and a 404 outside the key's reach", async () => {
    const id = await create(owner.keys.full);
    expect((await proof(owner.keys.full, id)).status).toBe(409);
    expect((await proof(owner.keys.public, id)).status).toBe(404);
    expect((await proof(stranger.keys.full, id)).status).toBe(404);
  });
});
