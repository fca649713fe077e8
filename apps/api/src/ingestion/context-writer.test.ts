// Integration: real PostgreSQL (fresh database) and real Redis (own prefix).

import {
  buildNewContexts,
  createContextSigner,
  type NewContextInput,
  recoverReceiptSigner,
} from "@ctxlog/core";
import { readContext } from "@ctxlog/db/testing";
import { JOBS } from "@ctxlog/jobs";
import { Queue } from "bullmq";
import {
  createTestHarness,
  REDIS_URL,
  TEST_SIGNER_KEY,
  type Tenant,
  type TestHarness,
} from "../testing/harness";

let h: TestHarness;
let t: Tenant;

beforeAll(async () => {
  h = await createTestHarness();
  t = await h.tenant();
});
afterAll(() => h.close());

async function anchorJob(contextId: string) {
  const queue = new Queue(JOBS.anchorContexts.queue, {
    connection: { url: REDIS_URL } as never,
    prefix: h.prefix,
  });
  try {
    return (await queue.getJob(contextId))?.data;
  } finally {
    await queue.close();
  }
}

describe("the context writer", () => {
  it("stores the same row for the same input on the batched path and the idempotent path", async () => {
    const { familyId } = await h.db.apiKey.findUniqueOrThrow({ where: { id: t.keyIds.full } });
    const owner = { userId: t.userId, apiKeyId: t.keyIds.full, keyFamilyId: familyId };
    const input: NewContextInput = {
      agent_id: "agent-same",
      context_data: { text: 'é "quoted" \u2028', n: [1.5, -2, 1e21], deep: { a: [{}, []] } },
      metadata: { run: 3 },
      visibility: "public",
    };
    const build = () =>
      buildNewContexts(owner, [input], {
        signer: createContextSigner(TEST_SIGNER_KEY),
        network: "anvil",
        confirmationDelayMs: 5_000,
        now: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)),
      });
    const [batched] = build();
    const [keyed] = build();
    if (!batched || !keyed) throw new Error("no rows built");

    const [returned] = await h.deps.contextWriter.write([batched]);
    const result = await h.deps.contextWriter.writeIdempotent(
      [keyed],
      {
        userId: owner.userId,
        keyFamilyId: owner.keyFamilyId,
        key: "same-row",
        method: "POST",
        path: "/v1/contexts",
        requestHash: "ab".repeat(32), // a request body's SHA-256, in hex
      },
      (stored) => ({ status: 202, body: JSON.stringify(stored.map((row) => row.id)) }),
    );
    expect(result).toMatchObject({ status: 202, replayed: false, contextIds: [keyed.id] });

    // read as readers do: the anchor's fields joined (none yet)
    const viaBatch = await readContext(h.db, batched.id);
    const viaKey = await readContext(h.db, keyed.id);
    // the same row but for its place in the agent's log (and so its receipt's signature): the keyed
    // one is the next entry
    const unlinked = { id: "same", sequence: null, prevEntryHash: null, entryHash: null, signature: "" };
    expect({ ...viaKey, ...unlinked }).toEqual({ ...viaBatch, ...unlinked });
    expect([viaBatch.sequence, viaKey.sequence]).toEqual([1, 2]);
    expect(viaKey.prevEntryHash).toBe(viaBatch.entryHash);
    expect(viaBatch).toEqual(returned);
    // each signed once, where it was numbered: the EIP-712 signature of its receipt
    for (const row of [viaBatch, viaKey]) {
      expect(row.signatureScheme).toBe("EIP-712");
      const fields = { ...row, sequence: row.sequence as number, prevEntryHash: row.prevEntryHash as string };
      expect(
        await recoverReceiptSigner({ ...fields, receivedAt: row.createdAt }, row.signature as never),
      ).toBe(h.deps.signer.address);
    }

    // both paths queue anchoring after their commit, through the same enqueue
    expect(await anchorJob(batched.id)).toEqual({ contextIds: [batched.id] });
    expect(await anchorJob(keyed.id)).toEqual({ contextIds: [keyed.id] });
  });

  it("writes the rows of write in one statement: all of them, or none when one is refused", async () => {
    const { familyId } = await h.db.apiKey.findUniqueOrThrow({ where: { id: t.keyIds.full } });
    const owner = { userId: t.userId, apiKeyId: t.keyIds.full, keyFamilyId: familyId };
    const inputs = Array.from({ length: 5 }, (_, i) => ({ agent_id: `many-${i}`, context_data: { i } }));
    const opts = { signer: createContextSigner(TEST_SIGNER_KEY), network: "anvil", confirmationDelayMs: 1 };
    const rows = buildNewContexts(owner, inputs, opts);
    await h.deps.contextWriter.write(rows);
    expect(await h.db.context.count({ where: { id: { in: rows.map((r) => r.id) } } })).toBe(5);

    // the last row reuses an id that exists: the primary key refuses it, and with it the four others
    const again = buildNewContexts(owner, inputs, opts);
    const clash = [
      ...again.slice(0, 4),
      { ...(again[4] as (typeof again)[number]), id: rows[0]?.id as string },
    ];
    await expect(h.deps.contextWriter.write(clash)).rejects.toThrow();
    expect(await h.db.context.count({ where: { id: { in: again.map((r) => r.id) } } })).toBe(0);
  });
});
