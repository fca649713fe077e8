// Integration: a third party holding a context's data verifies it against a transaction hash. Real
// anvil (own, automine) and registry, real PostgreSQL and Redis.
import { randomBytes } from "node:crypto";
import { withHexColumns } from "@ctxlog/db";
import { privateKeyToAccount } from "viem/accounts";
import {
  type AnchoredBatch,
  type ChainFixture,
  STRANGER_KEY,
  startChainFixture,
} from "../../testing/chain-fixture";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let chain: ChainFixture;
let h: TestHarness;
let owner: Tenant;
let stranger: Tenant;

interface Made {
  id: string;
  context: { agent_id: string; context_data: Record<string, unknown>; metadata?: Record<string, unknown> };
}
let privateCtx: Made;
let publicCtx: Made;
let restrictedCtx: Made;
let noMetadata: Made;
let first: AnchoredBatch;
let second: AnchoredBatch;
let secondCtx: Made;

async function create(key: string, agent: string, extra: Record<string, unknown> = {}): Promise<Made> {
  const context = {
    agent_id: agent,
    context_data: { task: "summarize", nonce: randomBytes(6).toString("hex"), list: [1, { b: 2, a: 1 }] },
    metadata: { run: 42, é: "ü" },
  };
  const res = await h.request
    .post("/v1/contexts")
    .set(bearer(key))
    .send({ ...context, ...extra });
  expect(res.status).toBe(202);
  return { id: res.body.context_id, context };
}

beforeAll(async () => {
  chain = await startChainFixture();
  h = await createTestHarness(chain.env);
  owner = await h.tenant({ agents: ["agent-r*"] });
  stranger = await h.tenant();
  privateCtx = await create(owner.keys.full, "agent-a");
  publicCtx = await create(owner.keys.full, "agent-a", { visibility: "public" });
  restrictedCtx = await create(owner.keys.restricted, "agent-r1");
  const bare = await h.request
    .post("/v1/contexts")
    .set(bearer(owner.keys.full))
    .send({ agent_id: "agent-b", context_data: { only: "data" } });
  noMetadata = { id: bare.body.context_id, context: { agent_id: "agent-b", context_data: { only: "data" } } };
  first = await chain.anchorContexts(h.db, [privateCtx.id, publicCtx.id, restrictedCtx.id, noMetadata.id]);
  secondCtx = await create(owner.keys.full, "agent-a");
  second = await chain.anchorContexts(h.db, [secondCtx.id]);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

const verify = (key: string, transaction_hash: string, context: unknown) =>
  h.request.post("/v1/verifications").set(bearer(key)).send({ transaction_hash, context });
const failing = (body: { checks: { name: string; ok: boolean }[] }) =>
  body.checks.filter((c) => !c.ok).map((c) => c.name);
const reason = (body: { checks: { name: string; reason: string }[] }, name: string) =>
  body.checks.find((c) => c.name === name)?.reason ?? "";
const DATA_LINKS = ["canonical_context", "hash_matches", "signature_valid", "merkle_proof"];

describe("POST /v1/verifications {transaction_hash, context}", () => {
  it("verifies the data as held, against its transaction, with the stored signature and proof", async () => {
    // key order and the transaction hash's case do not matter: the data is hashed canonically
    const reordered = {
      metadata: { é: "ü", run: 42 },
      context_data: { ...privateCtx.context.context_data },
      agent_id: "agent-a",
    };
    const res = await verify(
      owner.keys.full,
      first.transactionHash.toUpperCase().replace("0X", "0x"),
      reordered,
    );
    const depth = Number((await chain.client.getBlockNumber()) - first.blockNumber + 1n);
    expect(res.status).toBe(200);
    expect(failing(res.body)).toEqual([]);
    const row = withHexColumns(await h.db.context.findUniqueOrThrow({ where: { id: privateCtx.id } }));
    expect(res.body).toMatchObject({
      verified: true,
      context_id: null,
      transaction_hash: first.transactionHash,
      agent_id: "agent-a",
      context_hash: row.contextHash,
      signature_valid: true,
      hash_matches: true,
      block_number: Number(first.blockNumber),
      confirmations: depth,
    });
    expect(depth).toBeGreaterThanOrEqual(chain.confirmations);
    const event = await h.db.outboxEvent.findFirstOrThrow({
      where: { userId: owner.userId, event: "verification.completed" },
      orderBy: { id: "desc" },
    });
    expect(JSON.parse(event.payload).data).toMatchObject({
      verification_id: res.body.verification_id,
      verified: true,
      transaction_hash: first.transactionHash,
    });
  });

  it("metadata left out means {} — as at creation", async () => {
    const res = await verify(owner.keys.full, first.transactionHash, noMetadata.context);
    expect(res.body.verified).toBe(true);
  });

  it("changed data: the hash matches nothing anchored there — verified false, still a 200", async () => {
    const tampered = {
      ...privateCtx.context,
      context_data: { ...privateCtx.context.context_data, task: "delete everything" },
    };
    const res = await verify(owner.keys.full, first.transactionHash, tampered);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: false, hash_matches: false, signature_valid: false });
    expect(failing(res.body)).toEqual(DATA_LINKS);
    expect(reason(res.body, "hash_matches")).toMatch(
      new RegExp(
        `no context of this account with this hash is anchored in transaction ${first.transactionHash}`,
      ),
    );
    // the transaction itself is a real anchor
    expect(reason(res.body, "anchored_log")).toMatch(/the registry anchored 0x[0-9a-f]{64} \(4 contexts\)/);
  });

  it("a wrong transaction (another real anchor) fails, and says where the data is anchored", async () => {
    const res = await verify(owner.keys.full, second.transactionHash, privateCtx.context);
    expect(res.body.verified).toBe(false);
    expect(failing(res.body)).toEqual(DATA_LINKS);
    expect(reason(res.body, "hash_matches")).toContain(
      `${privateCtx.id} has this hash and is anchored in transaction ${first.transactionHash}`,
    );
    expect(res.body).toMatchObject({
      transaction_hash: second.transactionHash,
      block_number: Number(second.blockNumber),
    });
    // and the right data for that transaction verifies
    expect((await verify(owner.keys.full, second.transactionHash, secondCtx.context)).body.verified).toBe(
      true,
    );
  });

  it("an unknown transaction fails every chain check", async () => {
    const unknown = `0x${randomBytes(32).toString("hex")}`;
    const res = await verify(owner.keys.full, unknown, privateCtx.context);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: false, block_number: null, confirmations: 0 });
    expect(failing(res.body)).toEqual([
      ...DATA_LINKS,
      "transaction",
      "anchored_log",
      "anchor_submitter",
      "block",
      "confirmations",
    ]);
    expect(reason(res.body, "transaction")).toMatch(
      /no receipt for 0x[0-9a-f]{64} .*unknown, dropped or not yet mined/,
    );
  });

  it("someone else's anchor() of this batch's root: anchor_submitter names the unpublished sender", async () => {
    const { tx } = await chain.sendAnchor(first.merkleRoot as `0x${string}`, 4, STRANGER_KEY);
    await chain.mine(chain.confirmations);
    const res = await verify(owner.keys.full, tx.hash, privateCtx.context);
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    // the data is not ours in that transaction, and the root's anchor there is not by our signer
    expect(failing(res.body)).toEqual([...DATA_LINKS, "anchor_submitter"]);
    expect(reason(res.body, "anchor_submitter")).toBe(
      `the root was anchored by ${privateKeyToAccount(STRANGER_KEY).address}, not a published anchor key of this service (GET /v1/signers)`,
    );
    // our own transaction for that root passes the same check
    const ours = await verify(owner.keys.full, first.transactionHash, privateCtx.context);
    expect(ours.body.checks.find((c: { name: string }) => c.name === "anchor_submitter")).toMatchObject({
      ok: true,
      reason: expect.stringMatching(/a published anchor key of this service/),
    });
  });

  it("a real transaction that is not a registry call fails transaction and anchored_log", async () => {
    // a plain transfer between anvil's (unlocked) dev accounts
    const transfer = await chain.client.request({
      method: "eth_sendTransaction" as never,
      params: [
        {
          from: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
          to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
          value: "0x1",
        },
      ] as never,
    });
    await chain.mine(chain.confirmations);
    const res = await verify(owner.keys.full, transfer as string, privateCtx.context);
    expect(res.body.verified).toBe(false);
    expect(failing(res.body)).toEqual([...DATA_LINKS, "transaction", "anchored_log", "anchor_submitter"]);
    expect(reason(res.body, "transaction")).toMatch(/not the registry/);
  });

  it("a public key verifies public data, and learns nothing about private contexts", async () => {
    const ok = await verify(owner.keys.public, first.transactionHash, publicCtx.context);
    expect(ok.body.verified).toBe(true);
    const hidden = await verify(owner.keys.public, first.transactionHash, privateCtx.context);
    expect(hidden.status).toBe(200);
    expect(hidden.body.verified).toBe(false);
    expect(failing(hidden.body)).toEqual(DATA_LINKS);
    expect(reason(hidden.body, "hash_matches")).toMatch(/no public context of this account/);
    expect(JSON.stringify(hidden.body)).not.toContain(privateCtx.id);
  });

  it("another user's data is never used: verified false, nothing of theirs revealed", async () => {
    const res = await verify(stranger.keys.full, first.transactionHash, privateCtx.context);
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    expect(failing(res.body)).toEqual(DATA_LINKS);
    expect(JSON.stringify(res.body)).not.toContain(privateCtx.id);
    const stored = await h.db.verification.findUniqueOrThrow({ where: { id: res.body.verification_id } });
    expect(stored.userId).toBe(stranger.userId);
  });

  it("restricted keys use only contexts they created; read-only keys any of the account's", async () => {
    expect(
      (await verify(owner.keys.restricted, first.transactionHash, restrictedCtx.context)).body.verified,
    ).toBe(true);
    const other = await verify(owner.keys.restricted, first.transactionHash, privateCtx.context);
    expect(other.body.verified).toBe(false);
    expect(reason(other.body, "hash_matches")).toMatch(/no context created with this key/);
    expect(
      (await verify(owner.keys.read_only, first.transactionHash, restrictedCtx.context)).body.verified,
    ).toBe(true);
  });
});
