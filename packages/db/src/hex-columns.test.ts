// Integration: real PostgreSQL (a fresh database). HEX_COLUMNS says which columns of `contexts`
// readers see as 0x-hex; it must name every bytea column of the table but the two stored forms
// (the canonical data and a row's own proof), or a new hash column would reach readers as bytes.
import { bytesOfHex, HEX_COLUMNS, hexOf, withHexColumns } from "./hex-columns";
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
