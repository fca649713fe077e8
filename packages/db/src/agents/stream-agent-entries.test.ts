// Integration: real PostgreSQL (a fresh database). An export counts an entry by its canonical
// JSON's bytes, read in SQL (ctxlog_canonical_bytes) from the head of its stored form, and reads a
// log in pages bounded by those bytes: every entry the reader may read once, in order.
import { encodeCanonical } from "@ctxlog/core";
import { failAnchor } from "../anchors/track-anchors";
import { sqlOf } from "../sql-transaction";
import { claimTestBatch, createTestDatabase, seedContexts, seedUser } from "../testing";
import {
  markAnchorMined,
  TEST_CONTEXT_SIGNER as SIGNER,
  TEST_ANCHOR_TARGET as TARGET,
  TEST_TX_HASH,
} from "../testing/anchor-fixtures";
import { measureAgentEntries, streamAgentEntries } from "./stream-agent-entries";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_stream_agent_entries_test");
});
afterAll(() => database.drop());

describe("ctxlog_canonical_bytes", () => {
  it("is the canonical JSON's length in bytes for either stored form, and NULL once erased", async () => {
    const sql = sqlOf(database.db);
    const texts = [
      "",
      '{"a":1}',
      "é".repeat(40), // under the compression threshold: raw, 80 bytes
      JSON.stringify({ text: "abc ".repeat(500) }), // compresses well
      JSON.stringify({
        noise: Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 251)).toString("base64"),
      }),
    ];
    const stored = texts.map((t) => encodeCanonical(t));
    // both forms are among them
    expect(new Set(stored.map((s) => s[0]))).toEqual(new Set([0, 1]));
    const rows = await sql<{ bytes: string | null }>(
      "SELECT ctxlog_canonical_bytes(s) AS bytes FROM unnest($1::bytea[]) WITH ORDINALITY AS v(s, n) ORDER BY n",
      [[...stored, null]],
    );
    expect(rows.map((r) => (r.bytes === null ? null : Number(r.bytes)))).toEqual([
      ...texts.map((t) => Buffer.byteLength(t, "utf8")),
      null,
    ]);
  });
});

describe("streamAgentEntries", () => {
  it("yields every entry the reader may read once, in order, in pages of at least one entry", async () => {
    const db = database.db;
    const owner = await seedUser(db);
    await seedContexts(db, owner, { count: 7, signerPrivateKey: SIGNER, agentId: "agent-x" });
    const reader = { ...owner, scope: "all" as const };
    const whole: number[] = [];
    let bytes = 0;
    for await (const entry of streamAgentEntries(db, reader, { agentId: "agent-x" })) {
      whole.push(entry.sequence as number);
      bytes += entry.canonicalBytes?.length ?? 0;
    }
    expect(whole).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await measureAgentEntries(db, reader, { agentId: "agent-x" })).toBe(bytes);

    // pages smaller than an entry still move on, one entry at a time; a range is kept to
    const read = async (pageBytes: number, range: { fromSequence?: number; toSequence?: number } = {}) => {
      const out: number[] = [];
      for await (const e of streamAgentEntries(db, reader, { agentId: "agent-x", pageBytes, ...range })) {
        out.push(e.sequence as number);
      }
      return out;
    };
    expect(await read(1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await read(Math.ceil(bytes / 3), { fromSequence: 2, toSequence: 6 })).toEqual([2, 3, 4, 5, 6]);
    expect(await measureAgentEntries(db, reader, { agentId: "agent-x", fromSequence: 8 })).toBe(0);

    // a key that reads only public entries reads none of these private ones
    const publicOnly = { ...owner, scope: "public" as const };
    expect(await measureAgentEntries(db, publicOnly, { agentId: "agent-x" })).toBe(0);
    const none: unknown[] = [];
    for await (const e of streamAgentEntries(db, publicOnly, { agentId: "agent-x" })) none.push(e);
    expect(none).toEqual([]);
  });

  it("shows an entry that failed with the batch it failed in, and its transaction", async () => {
    const db = database.db;
    const owner = await seedUser(db);
    const ids = await seedContexts(db, owner, { count: 3, signerPrivateKey: SIGNER, agentId: "agent-f" });
    const failedIn = (await claimTestBatch(db, TARGET, ids.slice(0, 2)))?.anchorId as string;
    await markAnchorMined(db, failedIn);
    await failAnchor(db, failedIn, { reason: "reverted", message: "m", details: "d", retryPossible: true });
    const entries = [];
    for await (const e of streamAgentEntries(db, { ...owner, scope: "all" }, { agentId: "agent-f" })) {
      entries.push(e);
    }
    expect(entries.map((e) => [e.status, e.anchorId, e.anchor?.id ?? null, e.transactionHash])).toEqual([
      ["failed", failedIn, failedIn, TEST_TX_HASH],
      ["failed", failedIn, failedIn, TEST_TX_HASH],
      ["pending", null, null, null],
    ]);
  });
});
