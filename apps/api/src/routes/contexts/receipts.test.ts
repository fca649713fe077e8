// Integration: real PostgreSQL (fresh database) and real Redis (own prefix).
import { entryHash, receiptTypedData, ZERO_ENTRY_HASH } from "@ctxlog/core";
import { type Hex, verifyTypedData } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  bearer,
  createTestHarness,
  TEST_ATTESTATION_KEY,
  TEST_SIGNER_KEY,
  type Tenant,
  type TestHarness,
} from "../../testing/harness";

let h: TestHarness;
let t: Tenant;
beforeAll(async () => {
  h = await createTestHarness();
  t = await h.tenant();
});
afterAll(() => h.close());

const post = (key: string, agent: string, n: number, idempotencyKey?: string) => {
  const req = h.request.post("/v1/contexts").set(bearer(key));
  if (idempotencyKey) req.set("Idempotency-Key", idempotencyKey);
  return req.send({ agent_id: agent, context_data: { n } });
};

/** What any EIP-712 tool needs to check a receipt: viem's verifyTypedData here. */
async function verifiesWithViem(receipt: Record<string, unknown>) {
  const typed = receiptTypedData({
    contextHash: receipt.context_hash as string,
    userId: receipt.user_id as string,
    agentId: receipt.agent_id as string,
    sequence: receipt.sequence as number,
    prevEntryHash: receipt.prev_entry_hash as string,
    receivedAt: new Date(receipt.received_at as string),
  });
  return verifyTypedData({
    address: receipt.signer as Hex,
    ...typed,
    signature: receipt.signature as Hex,
  });
}

describe("agent logs and receipts on POST /v1/contexts", () => {
  it("numbers each agent's entries 1, 2, 3 with prev links, and answers with a receipt viem verifies", async () => {
    const first = await post(t.keys.full, "chain-1", 1);
    const second = await post(t.keys.full, "chain-1", 2);
    const other = await post(t.keys.full, "chain-2", 3);
    expect([first.status, second.status, other.status]).toEqual([202, 202, 202]);
    expect([first.body.sequence, second.body.sequence, other.body.sequence]).toEqual([1, 2, 1]);
    expect(first.body.prev_entry_hash).toBe(ZERO_ENTRY_HASH);
    expect(second.body.prev_entry_hash).toBe(first.body.entry_hash);
    expect(second.body.entry_hash).toBe(
      entryHash({
        contextHash: second.body.context_hash,
        userId: t.userId,
        agentId: "chain-1",
        sequence: 2,
        prevEntryHash: first.body.entry_hash,
      }),
    );

    const receipt = second.body.receipt;
    expect(receipt).toEqual({
      context_hash: second.body.context_hash,
      user_id: t.userId,
      agent_id: "chain-1",
      sequence: 2,
      prev_entry_hash: first.body.entry_hash,
      received_at: second.body.created_at,
      signer: privateKeyToAccount(TEST_ATTESTATION_KEY).address,
      signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
    });
    // the attestation key signs; the chain worker's gas key is another account
    expect(receipt.signer).not.toBe(privateKeyToAccount(TEST_SIGNER_KEY).address);
    expect(second.body.signer_address).toBe(receipt.signer);
    await expect(verifiesWithViem(receipt)).resolves.toBe(true);
    await expect(verifiesWithViem({ ...receipt, sequence: 3 })).resolves.toBe(false);

    // the context record carries its place in the log too
    const read = await h.request.get(`/v1/contexts/${second.body.context_id}`).set(bearer(t.keys.read_only));
    expect(read.body).toMatchObject({ sequence: 2, prev_entry_hash: first.body.entry_hash });
    expect(read.body).not.toHaveProperty("receipt");
  });

  it("an Idempotency-Key replay gives the same entry and the same receipt; no second entry", async () => {
    const a = await post(t.keys.full, "chain-3", 1, "replayed-receipt");
    const b = await post(t.keys.full, "chain-3", 1, "replayed-receipt");
    expect(b.headers["idempotent-replayed"]).toBe("true");
    expect(b.body).toEqual(a.body);
    await expect(verifiesWithViem(a.body.receipt)).resolves.toBe(true);
    const next = await post(t.keys.full, "chain-3", 2);
    expect(next.body.sequence).toBe(2);
  });

  it("concurrent requests for one agent get distinct consecutive sequences", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(t.keys.full, "chain-4", i)));
    const sequences = answers.map((r) => r.body.sequence as number).sort((x, y) => x - y);
    expect(sequences).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("publishes the attestation key in GET /v1/signers with its kind", async () => {
    const res = await h.request.get("/v1/signers").set(bearer(t.keys.public));
    expect(res.body.data).toContainEqual(
      expect.objectContaining({
        address: privateKeyToAccount(TEST_ATTESTATION_KEY).address,
        kind: "attestation",
        valid_until: null,
      }),
    );
  });
});
