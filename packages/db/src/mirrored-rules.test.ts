// Integration: real PostgreSQL (a fresh database migrated to prisma/migrations). The rules that
// SQL states as well as TypeScript — a Merkle proof read out of a kept tree, a context's leaf,
// confirmation time, the floor of an id range — are held here, in SQL, to the very vectors
// packages/core/src/shared-vectors.test.ts holds TypeScript to (test-vectors/, written by
// test-vectors/generate.js from @ctxlog/core). docs/sql.md, "Rules stated twice", lists them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createTestDatabase } from "./testing";

const vectors = (name: string) =>
  JSON.parse(readFileSync(path.join(__dirname, "../../../test-vectors", name), "utf8"));
const bytes = (hex: string) => Buffer.from(hex.slice(2), "hex");
const hexNodes = (proof: Uint8Array) =>
  (Buffer.from(proof).toString("hex").match(/.{64}/g) ?? []).map((node) => `0x${node}`);

interface Tree {
  leaves: string[];
  root: string;
  proofs: string[][];
  levels: string;
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_mirrored_rules_test");
});
afterAll(() => database.drop());

describe("ctxlog_merkle_proof: test-vectors/merkle.json trees", () => {
  const { trees } = vectors("merkle.json") as { trees: Tree[] };

  it("reads every leaf's proof out of the tree's levels", async () => {
    expect(trees.length).toBeGreaterThan(0);
    for (const tree of trees) {
      const n = tree.leaves.length;
      const rows = await database.db.$queryRaw<{ i: number; proof: Uint8Array }[]>`
        SELECT i, ctxlog_merkle_proof(${bytes(tree.levels)}, ${n}::int, i) AS proof
          FROM generate_series(0, ${n - 1}::int) AS i ORDER BY i`;
      expect({ leaves: n, proofs: rows.map((r) => hexNodes(r.proof)) }).toEqual({
        leaves: n,
        proofs: tree.proofs,
      });
    }
  });
});

describe("ctxlog_context_leaf: test-vectors/merkle.json context_leaves", () => {
  const { context_leaves } = vectors("merkle.json") as {
    context_leaves: { context_hash: string; entry_hash: string | null; leaf: string }[];
  };

  it("a chained context's leaf is its entry hash, an earlier one's its context hash", async () => {
    expect(context_leaves.some((c) => c.entry_hash === null)).toBe(true);
    expect(context_leaves.some((c) => c.entry_hash !== null)).toBe(true);
    for (const c of context_leaves) {
      const entry = c.entry_hash === null ? null : bytes(c.entry_hash);
      const [row] = await database.db.$queryRaw<{ leaf: Uint8Array }[]>`
        SELECT ctxlog_context_leaf(${bytes(c.context_hash)}::bytea, ${entry}::bytea) AS leaf`;
      expect(`0x${Buffer.from(row?.leaf ?? []).toString("hex")}`).toBe(c.leaf);
    }
  });

  it("is inlined into the statement that calls it (no call per row)", async () => {
    expect(
      await planCalls("SELECT ctxlog_context_leaf(c.context_hash, c.entry_hash) FROM contexts AS c"),
    ).toBe(false);
  });
});

describe("ctxlog_confirmation_seconds: test-vectors/confirmation-time.json", () => {
  const { cases } = vectors("confirmation-time.json") as {
    cases: { name: string; created_at: string; confirmed_at: string; seconds: number }[];
  };

  for (const c of cases) {
    it(`${c.name}: ${c.seconds} s`, async () => {
      const [row] = await database.db.$queryRaw<{ seconds: number }[]>`
        SELECT ctxlog_confirmation_seconds(${c.created_at}::timestamptz, ${c.confirmed_at}::timestamptz) AS seconds`;
      expect(row?.seconds).toBe(c.seconds);
    });
  }

  it("is NULL while the batch is unconfirmed (an average leaves the context out)", async () => {
    const [row] = await database.db.$queryRaw<{ seconds: number | null }[]>`
      SELECT ctxlog_confirmation_seconds(now(), NULL) AS seconds`;
    expect(row?.seconds).toBeNull();
  });

  it("is inlined into the statement that calls it (no call per row)", async () => {
    expect(
      await planCalls(
        "SELECT ctxlog_confirmation_seconds(c.created_at, a.confirmed_at) FROM contexts AS c JOIN anchors AS a ON a.id = c.anchor_id",
      ),
    ).toBe(false);
  });
});

describe("ctxlog_ulid_floor: test-vectors/ids.json floors", () => {
  const { floors } = vectors("ids.json") as {
    floors: { name: string; prefix: string; at_ms: number; floor: string }[];
  };

  for (const f of floors) {
    it(`${f.name}: ${f.floor}`, async () => {
      // the time from its milliseconds, exactly (a year past 9999 has no ISO text PostgreSQL reads)
      const [row] = await database.db.$queryRaw<{ floor: string }[]>`
        SELECT ctxlog_ulid_floor(${f.prefix}, 'epoch'::timestamptz + ${f.at_ms}::bigint * interval '1 millisecond') AS floor`;
      expect(row?.floor).toBe(f.floor);
    });
  }

  it("an id's time is TypeScript's alone: SQL has no ctxlog_ulid_time", async () => {
    const [row] = await database.db.$queryRaw<{ fn: string | null }[]>`
      SELECT to_regprocedure('ctxlog_ulid_time(text)')::text AS fn`;
    expect(row?.fn).toBeNull();
  });
});

/**
 * Whether the plan of `statement` still calls a ctxlog_ function (it was not inlined). Over table
 * columns: on constants, PostgreSQL would fold even a function it cannot inline.
 */
async function planCalls(statement: string): Promise<boolean> {
  const rows = await database.db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN VERBOSE ${statement}`);
  const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
  expect(plan).toMatch(/Output:/);
  return /ctxlog_/.test(plan);
}
