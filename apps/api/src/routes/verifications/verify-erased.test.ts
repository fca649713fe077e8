// Integration: real anvil (own, automine) with the real registry, real PostgreSQL and Redis. A
// context whose data was erased still verifies from its hashes: the data checks are unavailable
// (not failed) unless its holder supplies the data, which then passes them or fails them.
import { type ChainFixture, startChainFixture } from "../../testing/chain-fixture";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";
import { failing, TREE_HEAD_CHECKS, verificationHelpers } from "../../testing/verification-helpers";

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

const { verify, ...helpers } = verificationHelpers(() => ({ h, chain }));

async function erasedContext() {
  const { ids } = await helpers.confirmed(owner.keys.full, 2);
  const id = ids[0] as string;
  const before = await h.request.get(`/v1/contexts/${id}`).set(bearer(owner.keys.full));
  const held = {
    agent_id: before.body.agent_id,
    context_data: before.body.context_data,
    metadata: before.body.metadata,
  };
  const erased = await h.request.delete(`/v1/contexts/${id}/data`).set(bearer(owner.keys.full));
  expect(erased.status).toBe(200);
  return { id, held, contextHash: before.body.context_hash as string };
}

describe("verifying an erased context", () => {
  it("reports the data checks not run, not failed, every other check passed: verified, data unavailable", async () => {
    const { id, contextHash } = await erasedContext();
    const res = await verify(owner.keys.read_only, { context_id: id });
    expect(res.status).toBe(200);
    // anchored by the log's tree head, as the chain worker anchors: the log's checks run too
    expect(res.body.checks.map((c: { name: string }) => c.name)).toEqual(TREE_HEAD_CHECKS);
    const statuses = res.body.checks.map((c: { status: string }) => c.status);
    expect(statuses).toEqual(["not_run", "not_run", ...TREE_HEAD_CHECKS.slice(2).map(() => "passed")]);
    expect(res.body.checks[0].reason).toMatch(/^unavailable: the context's data was erased at /);
    expect(failing(res.body)).toEqual(["canonical_context", "hash_matches"]);
    expect(res.body).toMatchObject({
      verdict: "verified_data_unavailable",
      verified: true,
      data_erased: true,
      context_hash: contextHash,
      signature_valid: true,
      hash_matches: false,
      confirmations: chain.confirmations,
    });
    // the stored verification reads back the same
    const stored = await h.request
      .get(`/v1/verifications/${res.body.verification_id}`)
      .set(bearer(owner.keys.full));
    expect(stored.body).toMatchObject({
      verdict: "verified_data_unavailable",
      verified: true,
      data_erased: true,
    });
    expect(stored.body.checks).toEqual(res.body.checks);
    // and so does its verification.completed event: verified, but not with a plain "verified"
    const event = await h.db.outboxEvent.findFirstOrThrow({
      where: { event: "verification.completed", contextId: id },
    });
    expect(JSON.parse(event.payload).data).toMatchObject({
      verification_id: res.body.verification_id,
      verified: true,
      hash_matches: false,
      verdict: "verified_data_unavailable",
    });
  });

  it("passes the data checks with the data its holder kept, and fails them with other data", async () => {
    const { id, held } = await erasedContext();
    const good = await verify(owner.keys.full, { context_id: id, context: held });
    expect(good.status).toBe(200);
    expect(failing(good.body)).toEqual([]);
    expect(good.body).toMatchObject({
      verdict: "verified",
      verified: true,
      data_erased: false,
      hash_matches: true,
    });

    const bad = await verify(owner.keys.full, {
      context_id: id,
      context: { ...held, context_data: { ...held.context_data, extra: 1 } },
    });
    expect(bad.body).toMatchObject({
      verdict: "failed",
      verified: false,
      data_erased: false,
      hash_matches: false,
    });
    expect(bad.body.checks.slice(0, 2).map((c: { status: string }) => c.status)).toEqual([
      "failed",
      "failed",
    ]);
    expect(failing(bad.body)).toEqual(["canonical_context", "hash_matches"]);
  });

  it("by transaction and supplied data, an erased context's stored proof still serves", async () => {
    const { id, held } = await erasedContext();
    const proof = await h.request.get(`/v1/contexts/${id}/proof`).set(bearer(owner.keys.full));
    expect(proof.body).toMatchObject({
      context: { context_data: null, metadata: null },
      canonical_context: null,
    });
    expect(proof.body.data_erased_at).toEqual(expect.any(String));
    const res = await verify(owner.keys.full, {
      transaction_hash: proof.body.transaction_hash,
      context: held,
    });
    expect(res.status).toBe(200);
    expect(failing(res.body)).toEqual([]);
    expect(res.body.verified).toBe(true);
  });
});
