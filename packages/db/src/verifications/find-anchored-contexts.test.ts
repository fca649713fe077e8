// Integration: real PostgreSQL (a fresh database). Verification by data finds the reader's context
// with the data's hash in the transaction named: here one whose batch failed, which names its batch
// itself (the row's anchor_id), and only within the reader's scope.
import { failAnchor } from "../anchors/track-anchors";
import { bytesOfHex } from "../hex-columns";
import { claimTestBatch, createTestDatabase, readContext, seedContexts, seedUser } from "../testing";
import {
  TEST_CONTEXT_SIGNER as SIGNER,
  TEST_ANCHOR_TARGET as TARGET,
  TEST_TX_HASH as TX,
} from "../testing/anchor-fixtures";
import { findAnchoredContexts, findContextByHash } from "./find-anchored-contexts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_find_anchored_test");
});
afterAll(() => database.drop());

it("finds a context of a failed batch through the batch it names, within the reader's scope only", async () => {
  const db = database.db;
  const owner = await seedUser(db);
  const [failed, other] = (await seedContexts(db, owner, { count: 2, signerPrivateKey: SIGNER })) as [
    string,
    string,
  ];
  const batch = await claimTestBatch(db, TARGET, [failed]);
  const anchorId = batch?.anchorId as string;
  await db.anchor.update({
    where: { id: anchorId },
    data: { status: "sent", transactionHash: bytesOfHex(TX), sentAt: new Date() },
  });
  await failAnchor(db, anchorId, {
    reason: "reverted",
    message: "the anchor transaction reverted",
    details: "test",
    retryPossible: true,
  });
  const { contextHash } = await readContext(db, failed);
  const all = { ...owner, scope: "all" as const };

  const found = await findAnchoredContexts(db, all, contextHash, TX);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({
    id: failed,
    status: "failed",
    anchorId,
    contextHash,
    transactionHash: TX,
    blockNumber: null,
    leafIndex: null,
  });
  expect(found[0]?.anchor).toMatchObject({ id: anchorId, status: "failed", transactionHash: TX });
  expect(await findContextByHash(db, all, contextHash)).toEqual({
    id: failed,
    status: "failed",
    transactionHash: TX,
  });
  // another hash, another transaction: nothing
  const otherHash = (await readContext(db, other)).contextHash;
  expect(await findAnchoredContexts(db, all, otherHash, TX)).toEqual([]);
  expect(await findAnchoredContexts(db, all, contextHash, `0x${"cd".repeat(32)}`)).toEqual([]);
  // the private context is outside a public reader's scope, and outside another key family's
  for (const reader of [
    { ...owner, scope: "public" as const },
    { ...owner, keyFamilyId: "fam_other", scope: "own" as const },
  ]) {
    expect(await findAnchoredContexts(db, reader, contextHash, TX)).toEqual([]);
    expect(await findContextByHash(db, reader, contextHash)).toBeNull();
  }
  expect(await findAnchoredContexts(db, { ...owner, scope: "own" as const }, contextHash, TX)).toHaveLength(
    1,
  );

  // identical data logged more often than the rows looked through (the oldest 100): the failed row,
  // the newest, is still found through the batch it names
  await db.$executeRaw`
    INSERT INTO contexts (id, user_id, api_key_id, agent_id, canonical_data, context_hash,
      signature, signer_address, network, estimated_confirmation, failed_at, created_at)
    SELECT 'ctx_00' || lpad(g::text, 24, '0'), user_id, api_key_id, agent_id, canonical_data,
      context_hash, signature, signer_address, network, estimated_confirmation, now(), now()
      FROM contexts, generate_series(1, 100) AS g WHERE id = ${failed}`;
  expect((await findAnchoredContexts(db, all, contextHash, TX)).map((r) => r.id)).toEqual([failed]);
});
