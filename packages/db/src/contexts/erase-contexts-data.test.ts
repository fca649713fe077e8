// Integration: real PostgreSQL (a fresh database). Erasing a context's data nulls it on the row
// and in every copy (event payloads, Idempotency-Key answers), keeps every hash, records one
// context.erased; bulk and retention erase in batches.
import { contextCreatedData } from "@ctxlog/core";
import { announceWith } from "../anchors/announce-anchors";
import { getEvent } from "../events/list-events";
import { recordEvent } from "../events/record-event";
import { bytesOfHex } from "../hex-columns";
import { inSqlTransaction } from "../sql-transaction";
import { claimTestBatch, createTestDatabase, seedContexts, seedUser } from "../testing";
import { decodeContextRow, toContextView } from "./context-view";
import { eraseAgentData } from "./erase-agent-data";
import { eraseContextData } from "./erase-context-data";
import { eraseExpiredData } from "./erase-expired-data";
import { getContext } from "./get-context";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const SIGNER = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_erase_test");
});
afterAll(() => database.drop());

/** A row as readers see it (its data decoded from canonical_data). */
const readRow = async (id: string) =>
  decodeContextRow(await database.db.context.findUniqueOrThrow({ where: { id } }));

async function seeded(count: number, agentId = "agent-erase") {
  const owner = await seedUser(database.db);
  const ids = await seedContexts(database.db, owner, { count, signerPrivateKey: SIGNER, agentId });
  return { owner, ids };
}

describe("eraseContextData", () => {
  it("nulls data, metadata and canonical JSON, keeps the hashes, scrubs events and idempotency answers", async () => {
    const db = database.db;
    const { owner, ids } = await seeded(2);
    const [target, other] = ids as [string, string];
    const before = await readRow(target);
    const marker = JSON.stringify(before.contextData);
    const created = await recordEvent(db, {
      userId: owner.userId,
      event: "context.created",
      contextId: target,
      // the context as its readers see it (anchor fields joined), as the event builders take it
      data: contextCreatedData(
        toContextView(
          (await getContext(db, { ...owner, scope: "all" }, target)) as NonNullable<
            Awaited<ReturnType<typeof getContext>>
          >,
        ),
      ),
    });
    await db.idempotencyKey.create({
      data: {
        userId: owner.userId,
        keyFamilyId: owner.keyFamilyId,
        key: "k-1",
        method: "POST",
        path: "/v1/contexts/batch",
        requestHash: new Uint8Array(32).fill(7),
        responseStatus: 202,
        responseBody: JSON.stringify({
          data: [target, other].map((id) => ({
            context_id: id,
            status: "pending",
            context_hash: "0x",
            context_data: { m: marker },
            metadata: {},
          })),
        }),
        expiresAt: new Date(Date.now() + 60_000),
      },
    });

    const result = await eraseContextData(db, {
      userId: owner.userId,
      contextId: target,
      by: { kind: "api_key", apiKeyId: owner.apiKeyId },
    });
    expect(result).toEqual({ erasedNow: true });

    const after = await readRow(target);
    expect(after).toMatchObject({ contextData: null, metadata: null, canonicalJson: null });
    expect(after.dataErasedAt).toBeInstanceOf(Date);
    expect(after.dataErasedBy).toBe(`key:${owner.apiKeyId}`);
    for (const kept of [
      "contextHash",
      "signature",
      "sequence",
      "prevEntryHash",
      "entryHash",
      "agentId",
    ] as const) {
      expect(after[kept]).toEqual(before[kept]);
    }
    // the other context is untouched
    expect((await readRow(other)).contextData).not.toBeNull();

    // the stored event never held the data (a reference); rendered, it shows the erasure
    const stored = await db.outboxEvent.findFirstOrThrow({ where: { id: created.id } });
    expect(stored.payload).not.toContain(marker);
    const event = (await getEvent(db, owner.userId, created.id)) as NonNullable<
      Awaited<ReturnType<typeof getEvent>>
    >;
    const envelope = JSON.parse(event.payload);
    expect(Object.keys(envelope)).toEqual(["event", "timestamp", "data"]);
    expect(envelope.data).toMatchObject({
      context_id: target,
      context_data: null,
      metadata: null,
      data_erased_at: after.dataErasedAt?.toISOString(),
    });
    expect(event.payload).not.toContain(marker);

    const answer = await db.idempotencyKey.findFirstOrThrow({ where: { key: "k-1" } });
    expect(answer.requestHash).toHaveLength(0); // no hash: no request's SHA-256 matches it
    const [first, second] = JSON.parse(answer.responseBody).data;
    expect(first).toMatchObject({ context_id: target, context_data: null, metadata: null });
    expect(first.data_erased_at).toBe(after.dataErasedAt?.toISOString());
    expect(second.context_data).toEqual({ m: marker });

    const erasedEvents = await db.outboxEvent.findMany({
      where: { contextId: target, event: "context.erased" },
    });
    expect(erasedEvents).toHaveLength(1);
    expect(JSON.parse(erasedEvents[0]?.payload ?? "{}").data).toEqual({
      context_id: target,
      agent_id: before.agentId,
      context_hash: before.contextHash,
      data_erased_at: after.dataErasedAt?.toISOString(),
      erased_by: "api_key",
      sequence: before.sequence,
      prev_entry_hash: before.prevEntryHash,
      entry_hash: before.entryHash,
      reason: null,
    });
  });

  it("is a no-op the second time (no new event, the first erasure kept) and null for another user's context", async () => {
    const db = database.db;
    const { owner, ids } = await seeded(1);
    const id = ids[0] as string;
    const by = { kind: "dashboard", accountId: "acc_1" } as const;
    expect(await eraseContextData(db, { userId: owner.userId, contextId: id, by })).toEqual({
      erasedNow: true,
    });
    const first = await db.context.findUniqueOrThrow({ where: { id } });
    expect(first.dataErasedBy).toBe("account:acc_1");
    expect(
      await eraseContextData(db, { userId: owner.userId, contextId: id, by: { kind: "retention" } }),
    ).toEqual({ erasedNow: false });
    const again = await db.context.findUniqueOrThrow({ where: { id } });
    expect(again.dataErasedAt).toEqual(first.dataErasedAt);
    expect(again.dataErasedBy).toBe("account:acc_1");
    expect(await db.outboxEvent.count({ where: { contextId: id, event: "context.erased" } })).toBe(1);

    const stranger = await seedUser(db);
    expect(await eraseContextData(db, { userId: stranger.userId, contextId: id, by })).toBeNull();
  });
});

describe("erasing while the chain worker announces the batch", () => {
  it("never leaves a context.created holding the data: the erasure waits for the announcement, then scrubs it", async () => {
    const db = database.db;
    const { owner, ids } = await seeded(1);
    const id = ids[0] as string;
    const marker = JSON.stringify((await readRow(id)).contextData);
    const batch = await claimTestBatch(
      db,
      {
        signerAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        chainId: 31337,
        network: "anvil",
        registryAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      },
      [id],
    );
    const anchorId = batch?.anchorId as string;
    await db.anchor.update({
      where: { id: anchorId },
      data: { status: "sent", transactionHash: bytesOfHex(`0x${"ab".repeat(32)}`) },
    });

    // the announcement's transaction has built context.created from the row and is still open…
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let announced = () => {};
    const built = new Promise<void>((resolve) => {
      announced = resolve;
    });
    // as the chain worker runs it: its own transaction on the pg pool
    const announcing = inSqlTransaction(db, async (sql) => {
      await announceWith(sql, [anchorId]);
      announced();
      await held;
    });
    await Promise.race([built, announcing]);
    // …when the erasure comes; it ends only after the announcement committed, and scrubs its event
    let erasedAt = 0;
    const erasing = eraseContextData(db, {
      userId: owner.userId,
      contextId: id,
      by: { kind: "retention" },
    }).then((r) => {
      erasedAt = Date.now();
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const committedAt = Date.now();
    release();
    await announcing;
    expect(await erasing).toEqual({ erasedNow: true });
    const created = await db.outboxEvent.findFirstOrThrow({
      where: { contextId: id, event: "context.created" },
    });
    expect(created.payload).not.toContain(marker);
    const rendered = await getEvent(db, owner.userId, created.id);
    expect(JSON.parse(rendered?.payload ?? "{}").data).toMatchObject({ context_data: null, metadata: null });
    expect(erasedAt).toBeGreaterThanOrEqual(committedAt);
  });
});

describe("eraseAgentData", () => {
  it("erases an agent's contexts in batches, reporting what remains, and leaves other agents alone", async () => {
    const db = database.db;
    const { owner, ids } = await seeded(7, "agent-bulk");
    await seedContexts(db, owner, { count: 2, signerPrivateKey: SIGNER, agentId: "agent-keep" });
    const by = { kind: "api_key", apiKeyId: owner.apiKeyId } as const;
    const input = { userId: owner.userId, agentId: "agent-bulk", by, batchSize: 3 };
    expect(await eraseAgentData(db, { ...input, maxBatches: 1 })).toEqual({ erased: 3, remaining: 4 });
    expect(await eraseAgentData(db, { ...input, maxBatches: 5 })).toEqual({ erased: 4, remaining: 0 });
    expect(await eraseAgentData(db, input)).toEqual({ erased: 0, remaining: 0 });
    expect(await db.context.count({ where: { id: { in: ids }, dataErasedAt: null } })).toBe(0);
    expect(
      await db.context.count({ where: { userId: owner.userId, agentId: "agent-keep", dataErasedAt: null } }),
    ).toBe(2);
    expect(await db.outboxEvent.count({ where: { userId: owner.userId, event: "context.erased" } })).toBe(7);
    expect(await eraseAgentData(db, { ...input, agentId: "agent-none" })).toBeNull();
  });
});

describe("eraseExpiredData", () => {
  it("erases contexts older than the cutoff for the plans selected, in batches, resuming after the last id", async () => {
    const db = database.db;
    const free = await seeded(3, "agent-old");
    const pro = await seeded(2, "agent-old-pro");
    await db.user.update({ where: { id: pro.owner.userId }, data: { plan: "pro" } });
    // contexts logged after the cutoff stay
    const hourAgo = new Date(Date.now() - 3_600_000);
    expect(
      await eraseExpiredData(db, { cutoff: hourAgo, selector: { exceptPlans: [] }, batchSize: 10 }),
    ).toEqual({
      claimed: 0,
      erased: 0,
      last: "",
    });
    const cutoff = new Date(Date.now() + 1_000);
    const everyoneButPro = { exceptPlans: ["pro"] };
    let after: string | undefined;
    let erased = 0;
    for (;;) {
      const r = await eraseExpiredData(db, { cutoff, selector: everyoneButPro, batchSize: 2, after });
      erased += r.erased;
      after = r.last;
      if (r.claimed < 2) break;
    }
    expect(erased).toBeGreaterThanOrEqual(3);
    expect(await db.context.count({ where: { id: { in: free.ids }, dataErasedAt: null } })).toBe(0);
    expect(await db.context.count({ where: { id: { in: pro.ids }, dataErasedAt: null } })).toBe(2);
    expect((await db.context.findFirstOrThrow({ where: { id: free.ids[0] } })).dataErasedBy).toBe(
      "retention",
    );

    const proRun = await eraseExpiredData(db, { cutoff, selector: { plans: ["pro"] }, batchSize: 10 });
    expect(proRun.erased).toBe(2);
  });
});
