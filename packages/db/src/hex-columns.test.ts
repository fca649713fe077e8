// Integration: real PostgreSQL (a fresh database). HEX_COLUMNS says which columns of `contexts`
// readers see as 0x-hex, ANCHOR_HEX_COLUMNS which of `anchors`; each must name every bytea column of
// its table but the stored forms (the canonical data, the batch's tree), or a new hash column would
// reach readers as bytes.
import {
  ANCHOR_HEX_COLUMNS,
  bytesOfHex,
  HEX_COLUMNS,
  hexOf,
  withAnchorHexColumns,
  withHexColumns,
} from "./hex-columns";
import { createTestDatabase } from "./testing";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_hex_columns_test");
});
afterAll(() => database.drop());

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

it("names every bytea column of contexts but canonical_data", async () => {
  const columns = await database.db.$queryRaw<{ column_name: string }[]>`
    SELECT column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = 'contexts' AND data_type = 'bytea'`;
  expect(columns.map((c) => c.column_name).sort()).toEqual(
    [...HEX_COLUMNS.map(snake), "canonical_data"].sort(),
  );
});

it("names every bytea column of anchors but its tree (anchor_transactions' hash is its module's)", async () => {
  const columns = await database.db.$queryRaw<{ table_name: string; column_name: string }[]>`
    SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name IN ('anchors', 'anchor_transactions') AND data_type = 'bytea'`;
  expect(columns.map((c) => `${c.table_name}.${c.column_name}`).sort()).toEqual(
    [
      ...ANCHOR_HEX_COLUMNS.map((c) => `anchors.${snake(c)}`),
      "anchors.merkle_tree",
      "anchor_transactions.hash",
    ].sort(),
  );
  const root = `0x${"cd".repeat(32)}`;
  expect(withAnchorHexColumns({ merkleRoot: bytesOfHex(root), blockHash: null, nonce: 3 })).toEqual({
    merkleRoot: root,
    blockHash: null,
    nonce: 3,
  });
});

it("converts both ways, leaving other fields and nulls alone", () => {
  const hash = `0x${"ab".repeat(32)}`;
  expect(hexOf(bytesOfHex(hash))).toBe(hash);
  expect(withHexColumns({ contextHash: bytesOfHex(hash), entryHash: null, id: "ctx_1" })).toEqual({
    contextHash: hash,
    entryHash: null,
    id: "ctx_1",
  });
  expect(() => bytesOfHex("0xabc")).toThrow(/not a 0x-hex string/);
});
