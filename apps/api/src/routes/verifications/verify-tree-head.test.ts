// Integration: contexts anchored by the transparency log's tree head (issue 43) — `anchor(root,
// tree size)` on a real anvil with the real registry, the log sequenced and its checkpoint signed
// by the db package's own functions, real PostgreSQL and Redis. Batch anchors keep their checks.
import { randomBytes } from "node:crypto";
import {
  encodeCanonical,
  formatVerifierKey,
  noteSigner,
  parseSignedNote,
  SIGNATURE_TYPE,
  signerKeyFromSeed,
  signNote,
} from "@ctxlog/core";
import {
  bytesOfHex,
  readAnchoredCheckpoint,
  readLogIndexes,
  recordWitnessPolicy,
  storeCosignature,
  withHexColumns,
} from "@ctxlog/db";
import type { Hex } from "viem";
import { type ChainFixture, startChainFixture } from "../../testing/chain-fixture";
import { createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";
import {
  ALL_CHECKS,
  failing,
  reasonOf,
  TREE_HEAD_CHECKS,
  verificationHelpers,
} from "../../testing/verification-helpers";

let chain: ChainFixture;
let h: TestHarness;
let owner: Tenant;

beforeAll(async () => {
  chain = await startChainFixture();
  h = await createTestHarness(chain.env);
  owner = await h.tenant();
}, 60_000);
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

const { create, verify, ...helpers } = verificationHelpers(() => ({ h, chain }));
/** `count` contexts anchored as the chain worker anchors them, by the log's tree head, and confirmed. */
async function treeHead(count: number) {
  const anchored = await helpers.confirmed(owner.keys.full, count);
  expect(anchored.batch.treeSize).toEqual(expect.any(Number));
  return anchored;
}

/** The anchor a confirmed context is in, and its log index. */
async function placement(id: string) {
  const placed = await h.db.confirmedContext.findUniqueOrThrow({ where: { id } });
  const anchor = await h.db.anchor.findUniqueOrThrow({ where: { ref: placed.anchorRef } });
  return { leafIndex: placed.leafIndex, treeSize: Number(anchor.treeSize), anchor };
}

describe("POST /v1/verifications — a context anchored by the log's tree head", () => {
  it("verifies it: RFC 6962 inclusion at its log index, the signed checkpoint, the policy, the anchored count", async () => {
    const { ids, batch } = await treeHead(3);
    const { leafIndex, treeSize } = await placement(ids[1] as string);
    const res = await verify(owner.keys.read_only, { context_id: ids[1] });
    expect(res.status).toBe(200);
    expect(res.body.checks.map((c: { name: string }) => c.name)).toEqual(TREE_HEAD_CHECKS);
    expect(failing(res.body)).toEqual([]);
    expect(res.body).toMatchObject({
      verdict: "verified",
      verified: true,
      transaction_hash: batch.transactionHash,
      block_number: Number(batch.blockNumber),
      confirmations: chain.confirmations,
    });
    expect(reasonOf(res.body, "merkle_proof")).toMatch(
      new RegExp(
        `RFC 6962 inclusion proof puts entry_hash \\(entry \\d+ of its log\\) at log index ${leafIndex} of the log's tree of ${treeSize} leaves, whose root ${batch.merkleRoot} was anchored`,
      ),
    );
    const log = await readAnchoredCheckpoint(h.db, treeSize);
    expect(reasonOf(res.body, "checkpoint_signature")).toBe(
      `checkpoint of ${treeSize} leaves signed by ${log?.origin} (a published log key) for ${log?.origin}`,
    );
    // no witnesses configured: the recorded policy (none) asks for none
    expect(reasonOf(res.body, "witness_cosignatures")).toBe(
      "0 of 0 witnesses cosigned (the recorded policy needs 0)",
    );
    expect(reasonOf(res.body, "log_consistency")).toBe(
      `the anchored root is the checkpoint's root (${treeSize} leaves)`,
    );
    expect(reasonOf(res.body, "anchored_log")).toMatch(
      new RegExp(`Anchored\\(root ${batch.merkleRoot}, count ${treeSize} \\(the log's tree size\\)\\)`),
    );
  });

  it("{transaction_hash, context} finds the tree-head-anchored context and verifies the data", async () => {
    const context = {
      agent_id: "agent-a",
      context_data: { held: randomBytes(4).toString("hex") },
      metadata: {},
    };
    const id = await create(owner.keys.full, context);
    const batch = await chain.anchorContexts(h.db, [id]);
    const res = await verify(owner.keys.full, { transaction_hash: batch.transactionHash, context });
    expect(res.status).toBe(200);
    expect(res.body.checks.map((c: { name: string }) => c.name)).toEqual(TREE_HEAD_CHECKS);
    expect(failing(res.body)).toEqual([]);
    expect(res.body).toMatchObject({
      verified: true,
      context_id: null,
      transaction_hash: batch.transactionHash,
    });

    const altered = { ...context, context_data: { held: "something else" } };
    const other = await verify(owner.keys.full, {
      transaction_hash: batch.transactionHash,
      context: altered,
    });
    expect(other.body.verified).toBe(false);
    expect(failing(other.body)).toEqual(expect.arrayContaining(["hash_matches", "merkle_proof"]));
  });

  it("mined but not yet deep enough: its proof is read out of the log already, only confirmations fails", async () => {
    const ids = [await create(owner.keys.full), await create(owner.keys.full)];
    const batch = await chain.anchorContexts(h.db, ids, { confirm: false });
    const logIndex = (await readLogIndexes(h.db, [ids[1] as string])).get(ids[1] as string);
    expect(logIndex).toEqual(expect.any(Number));
    const res = await verify(owner.keys.full, { context_id: ids[1] });
    expect(res.body).toMatchObject({
      verified: false,
      confirmations: 1,
      transaction_hash: batch.transactionHash,
    });
    expect(failing(res.body)).toEqual(["confirmations"]);
    expect(reasonOf(res.body, "merkle_proof")).toMatch(
      new RegExp(`at log index ${logIndex} of the log's tree`),
    );
  });

  it("tampered stored data fails hash_matches only: the log still proves what was logged", async () => {
    const { ids } = await treeHead(2);
    const row = withHexColumns(await h.db.context.findUniqueOrThrow({ where: { id: ids[0] } }));
    const tampered = `{"agent_id":${JSON.stringify(row.agentId)},"context_data":{"n":"tampered"},"metadata":{}}`;
    await h.db.context.update({
      where: { id: ids[0] },
      data: { canonicalData: encodeCanonical(tampered) },
    });
    const res = await verify(owner.keys.full, { context_id: ids[0] });
    expect(res.body).toMatchObject({ verdict: "failed", hash_matches: false, signature_valid: true });
    expect(failing(res.body)).toEqual(["hash_matches"]);
  });

  it("a wrong proof node (the log's stored tiles altered) fails merkle_proof only", async () => {
    const { ids } = await treeHead(2);
    const { leafIndex } = await placement(ids[0] as string);
    // every leaf hash of the context's level-0 tile but its own: each node of its proof is folded
    // from them (the log is below 256 leaves here), so each differs; restored afterwards
    const where = { level_tileIndex: { level: 0, tileIndex: BigInt(Math.floor(leafIndex / 256)) } };
    const tile = await h.db.tlogTile.findUniqueOrThrow({ where });
    const own = leafIndex % 256;
    const altered = Buffer.from(tile.hashes.map((b, i) => (Math.floor(i / 32) === own ? b : b ^ 0xff)));
    await h.db.tlogTile.update({ where, data: { hashes: altered as Uint8Array<ArrayBuffer> } });
    try {
      const res = await verify(owner.keys.full, { context_id: ids[0] });
      expect(res.body.verified).toBe(false);
      expect(failing(res.body)).toEqual(["merkle_proof"]);
      expect(reasonOf(res.body, "merkle_proof")).toMatch(
        new RegExp(
          `^the RFC 6962 inclusion proof of entry_hash .* at log index ${leafIndex} reaches 0x[0-9a-f]{64}, not the anchored tree head`,
        ),
      );
    } finally {
      await h.db.tlogTile.update({ where, data: { hashes: tile.hashes } });
    }
    expect((await verify(owner.keys.full, { context_id: ids[0] })).body.verified).toBe(true);
  });

  it("an Anchored count other than the tree size fails anchored_log", async () => {
    const { ids, batch } = await treeHead(2);
    const { treeSize, anchor } = await placement(ids[0] as string);
    // the same root anchored again, as anchor(root, wrongCount), and recorded as the anchor's transaction
    const { tx, receipt } = await chain.sendAnchor(batch.merkleRoot as Hex, treeSize + 1);
    expect(receipt.status).toBe("success");
    await h.db.anchor.update({
      where: { id: anchor.id },
      data: {
        transactionHash: bytesOfHex(tx.hash),
        blockNumber: receipt.blockNumber,
        blockHash: bytesOfHex(receipt.blockHash),
      },
    });
    await chain.mine(chain.confirmations);
    const res = await verify(owner.keys.full, { context_id: ids[0] });
    expect(res.body).toMatchObject({ verified: false, transaction_hash: tx.hash });
    expect(failing(res.body)).toEqual(["anchored_log"]);
    expect(reasonOf(res.body, "anchored_log")).toBe(
      `Anchored(root ${batch.merkleRoot}, count ${treeSize + 1}): the count is not the anchored tree size ${treeSize}`,
    );
  });

  it("a batch-anchored context (logged before chained logs) keeps today's checks", async () => {
    const { ids, batch } = await helpers.unloggedConfirmed(owner.keys.full, 3);
    const res = await verify(owner.keys.full, { context_id: ids[2] });
    expect(res.body.checks.map((c: { name: string }) => c.name)).toEqual(ALL_CHECKS);
    expect(failing(res.body)).toEqual([]);
    expect(reasonOf(res.body, "merkle_proof")).toMatch(
      new RegExp(`sorted-pair keccak256 proof folds context_hash into the batch root ${batch.merkleRoot}$`),
    );
    expect(reasonOf(res.body, "anchored_log")).toMatch(
      new RegExp(`^Anchored\\(root ${batch.merkleRoot}, count 3\\) by 0x[0-9a-fA-F]{40}$`),
    );
  });

  // Last: the witness policy recorded here holds for every later checkpoint.
  it("witness_cosignatures holds the checkpoint to the recorded policy: unmet, then met", async () => {
    const { ids } = await treeHead(1);
    const { treeSize } = await placement(ids[0] as string);
    const witness = signerKeyFromSeed("w1.example", randomBytes(32), SIGNATURE_TYPE.cosignatureV1);
    await recordWitnessPolicy(h.db, {
      threshold: 1,
      witnesses: [{ name: witness.name, keyId: witness.keyId, verifierKey: formatVerifierKey(witness) }],
    });
    const unmet = await verify(owner.keys.full, { context_id: ids[0] });
    expect(failing(unmet.body)).toEqual(["witness_cosignatures"]);
    expect(reasonOf(unmet.body, "witness_cosignatures")).toBe(
      "0 of 1 witnesses cosigned (the recorded policy needs 1); missing: w1.example",
    );

    // the witness cosigns the checkpoint the log signed at the anchored size (as the chain worker
    // stores a cosignature it has verified)
    const note = parseSignedNote((await readAnchoredCheckpoint(h.db, treeSize))?.checkpoint ?? "");
    const [line] = parseSignedNote(signNote(note.text, [noteSigner(witness)])).signatures;
    if (!line) throw new Error("no cosignature");
    await storeCosignature(h.db, {
      size: treeSize,
      witness: line.name,
      keyId: line.keyId,
      signature: line.signature,
    });
    const met = await verify(owner.keys.full, { context_id: ids[0] });
    expect(failing(met.body)).toEqual([]);
    expect(reasonOf(met.body, "witness_cosignatures")).toBe(
      "1 of 1 witnesses cosigned (the recorded policy needs 1): w1.example",
    );
  });
});
