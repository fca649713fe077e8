import { hashContext } from "./canonical";
import { idTimestamp, isId } from "./ids";
import { buildNewContexts } from "./new-context";
import { createContextSigner } from "./signing";

const signer = createContextSigner("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const owner = { userId: "usr_1", apiKeyId: "key_1", keyFamilyId: "kfm_1" };
const now = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));

describe("buildNewContexts", () => {
  it("dates each context at the millisecond its id encodes (a time window is an id range)", () => {
    // enough rows that building them crosses milliseconds
    const inputs = Array.from({ length: 2_000 }, (_, n) => ({ agent_id: "a", context_data: { n } }));
    const rows = buildNewContexts(owner, inputs, { signer, network: "anvil", confirmationDelayMs: 7_000 });
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBe(idTimestamp(row.id)?.getTime());
      expect(row.estimatedConfirmation.getTime()).toBe(row.createdAt.getTime() + 7_000);
    }
  });

  it("hashes and dates each input (the signature is made where it is written); metadata defaults to {} and visibility to private", async () => {
    const rows = await buildNewContexts(
      owner,
      [
        { agent_id: "a", context_data: { n: 1 } },
        { agent_id: "b", context_data: { n: 2 }, metadata: { m: true }, visibility: "public" },
      ],
      { signer, network: "anvil", confirmationDelayMs: 7_000, now },
    );
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    expect(first).toMatchObject({
      userId: owner.userId,
      apiKeyId: owner.apiKeyId,
      agentId: "a",
      contextData: { n: 1 },
      metadata: {},
      visibility: "private",
      signerAddress: signer.address,
      network: "anvil",
      createdAt: now,
      estimatedConfirmation: new Date(now.getTime() + 7_000),
    });
    const expected = hashContext({ agent_id: "a", context_data: { n: 1 }, metadata: {} });
    expect(first?.canonicalJson).toBe(expected.canonical);
    expect(first?.contextHash).toBe(expected.contextHash);
    expect(first).not.toHaveProperty("signature");
    // its key family is its key's: the row keeps none (a reader of its family lists the family's keys)
    expect(first).not.toHaveProperty("keyFamilyId");
    expect(second).toMatchObject({ metadata: { m: true }, visibility: "public" });
    expect(rows.every((row) => isId(row.id, "ctx"))).toBe(true);
    expect(first?.id).not.toBe(second?.id);
  });

  it("builds nothing from nothing", async () => {
    expect(await buildNewContexts(owner, [], { signer, network: "anvil", confirmationDelayMs: 0 })).toEqual(
      [],
    );
  });
});
