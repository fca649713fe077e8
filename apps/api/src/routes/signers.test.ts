// Integration: the published signers, a key change, and verifying what an older key signed. Real
// PostgreSQL, Redis and anvil (own, automine) with the registry.
import { ANVIL_DEV_ADDRESSES, ANVIL_DEV_KEYS } from "@ctxlog/contracts/anvil";
import { createContextSigner, encodeCanonical, hashContext, newId } from "@ctxlog/core";
import { bytesOfHex, registerSigner } from "@ctxlog/db";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createLogger } from "../http/logging";
import { SignerDirectory } from "../signing/signer-directory";
import { type ChainFixture, startChainFixture } from "../testing/chain-fixture";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../testing/harness";

const CURRENT = ANVIL_DEV_ADDRESSES[1]; // the harness attests with ANVIL_DEV_KEYS[1]
const ANCHOR = ANVIL_DEV_ADDRESSES[0]; // the chain fixture anchors with ANVIL_DEV_KEYS[0]
const OLD_KEY = ANVIL_DEV_KEYS[2];
const OLD = ANVIL_DEV_ADDRESSES[2];
const NEXT = privateKeyToAccount(generatePrivateKey()).address;
const DAY = 24 * 60 * 60 * 1000;

let chain: ChainFixture;
let h: TestHarness;
let owner: Tenant;
let oldContextId: string;
let oldCreatedAt: Date;

/** A context as an API process running with `signingKey` wrote it at `createdAt`. */
async function insertSignedContext(signingKey: `0x${string}`, createdAt: Date): Promise<string> {
  const key = await h.db.apiKey.findUniqueOrThrow({ where: { id: owner.keyIds.full } });
  const data = { agent_id: "agent-old", context_data: { written: "by the previous key" }, metadata: {} };
  const { canonical, contextHash } = hashContext(data);
  const signer = createContextSigner(signingKey);
  const id = newId("ctx");
  await h.db.context.create({
    data: {
      id,
      userId: owner.userId,
      apiKeyId: key.id,
      agentId: data.agent_id,
      canonicalData: encodeCanonical(canonical),
      contextHash: bytesOfHex(contextHash),
      signature: bytesOfHex(await signer.sign(contextHash)),
      signerAddress: signer.address,
      network: "anvil",
      createdAt,
      estimatedConfirmation: createdAt,
    },
  });
  // pending, in the chain worker's queue, as the API's insert leaves a context
  await h.db.pendingContext.create({ data: { id, userId: owner.userId } });
  return id;
}

beforeAll(async () => {
  chain = await startChainFixture();
  h = await createTestHarness(chain.env);
  owner = await h.tenant();
  // written two days ago by a process that ran with OLD_KEY, and registered it as it started
  oldCreatedAt = new Date(Date.now() - 2 * DAY);
  await registerSigner(h.db, OLD, { startedAt: oldCreatedAt, now: oldCreatedAt });
  oldContextId = await insertSignedContext(OLD_KEY, oldCreatedAt);
  const current = await h.request
    .post("/v1/contexts")
    .set(bearer(owner.keys.full))
    .send({ agent_id: "agent-new", context_data: { written: "by the current key" } });
  // the old one was logged before chained logs: its batch's own tree; the new one the log's tree head
  await chain.anchorContexts(h.db, [oldContextId]);
  await chain.anchorContexts(h.db, [current.body.context_id]);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

const signers = (key: string, query = "") => h.request.get(`/v1/signers${query}`).set(bearer(key));

describe("GET /v1/signers", () => {
  it("lists the current signer and the older one, newest first, to any key", async () => {
    const res = await signers(owner.keys.public);
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.data).toEqual([
      // the anchor key, folded in from the anchors recorded with it: published since its first anchor
      { address: ANCHOR, kind: "anchor", valid_from: expect.any(String), valid_until: null },
      { address: CURRENT, kind: "attestation", valid_from: expect.any(String), valid_until: null },
      // reported by no running process since: retired one heartbeat after its last sighting
      {
        address: OLD,
        kind: "attestation",
        valid_from: oldCreatedAt.toISOString(),
        valid_until: new Date(oldCreatedAt.getTime() + 60 * 60 * 1000).toISOString(),
      },
    ]);
    // the current signer's period starts no later than this process: every context it signed is inside
    expect(new Date(res.body.data[1].valid_from).getTime()).toBeLessThanOrEqual(
      h.deps.signers.startedAt.getTime(),
    );
  });

  it("verifies a context signed by the older signer", async () => {
    const res = await h.request
      .post("/v1/verifications")
      .set(bearer(owner.keys.full))
      .send({ context_id: oldContextId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: true, signature_valid: true });
    const signature = res.body.checks.find((c: { name: string }) => c.name === "signature_valid");
    expect(signature.reason).toContain(`EIP-191 signature by ${OLD}`);
  });

  it("after a key change both stay published, the retired one with its end", async () => {
    // a second API process starts with another ATTESTATION_PRIVATE_KEY, on the same database
    const next = new SignerDirectory(h.db, NEXT, createLogger("silent"));
    await next.ensure();
    // three hours later nobody has reported the other keys for two heartbeats: they are retired
    const later = new Date(Date.now() + 3 * 60 * 60 * 1000);
    await next.heartbeat(later);
    const res = await signers(owner.keys.read_only);
    const attestation = res.body.data.filter((s: { kind: string }) => s.kind === "attestation");
    const byAddress = Object.fromEntries(attestation.map((s: { address: string }) => [s.address, s]));
    expect(Object.keys(byAddress).sort()).toEqual([CURRENT, NEXT, OLD].sort());
    expect(attestation[0].address).toBe(NEXT);
    // the anchor key is not the attestation keys' to retire
    expect(res.body.data).toContainEqual(
      expect.objectContaining({ address: ANCHOR, kind: "anchor", valid_until: null }),
    );
    expect(byAddress[NEXT].valid_until).toBeNull();
    const current = await h.db.signer.findUniqueOrThrow({
      where: { address_kind: { address: CURRENT, kind: "attestation" } },
    });
    expect(byAddress[CURRENT].valid_until).toBe(
      new Date(current.lastSeenAt.getTime() + 60 * 60 * 1000).toISOString(),
    );
    // contexts signed while the retired keys were in use still verify
    const fresh = new SignerDirectory(h.db, NEXT, createLogger("silent"));
    const published = await fresh.list();
    expect(published).toHaveLength(4);
    const res2 = await h.request
      .post("/v1/verifications")
      .set(bearer(owner.keys.full))
      .send({ context_id: oldContextId });
    expect(res2.body.verified).toBe(true);
  });

  it("pages with an opaque cursor; a forged cursor is a 400", async () => {
    const first = await signers(owner.keys.full, "?limit=2");
    expect(first.body.data).toHaveLength(2);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await signers(owner.keys.full, `?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.next_cursor).toBeNull();
    const all = [...first.body.data, ...second.body.data].map((s: { address: string }) => s.address);
    // three attestation keys and the anchor key
    expect(new Set(all).size).toBe(4);
    expect(all).toContain(ANCHOR);
    for (const q of [
      "?cursor=abc",
      "?limit=0",
      "?limit=101",
      `?cursor=${Buffer.from("{}").toString("base64url")}`,
    ]) {
      const bad = await signers(owner.keys.full, q);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("a context signed by a key no process registered fails its signature check", async () => {
    // (contexts written before the signers table had their keys published by the data step
    // context_signers; since then every API process registers its own key as it starts)
    const key = generatePrivateKey();
    const id = await insertSignedContext(key, new Date(Date.now() - DAY));
    await chain.anchorContexts(h.db, [id]);
    const res = await h.request
      .post("/v1/verifications")
      .set(bearer(owner.keys.full))
      .send({ context_id: id });
    expect(res.body).toMatchObject({ verified: false, signature_valid: false });
    const signature = res.body.checks.find((c: { name: string }) => c.name === "signature_valid");
    expect(signature.reason).toBe(
      `${privateKeyToAccount(key).address} is not a published signer of this service (GET /v1/signers)`,
    );
  });

  it("needs a valid key", async () => {
    const res = await h.request.get("/v1/signers");
    expect(res.status).toBe(401);
  });
});
