// Integration: real PostgreSQL. The migration that stores a context's hashes and signature as bytes
// (20261127194803_context_hashes_as_bytes), applied to a database holding rows the API wrote as 0x-hex
// text (a chained context, the first of its log, and one logged before logs were chained): each reads
// the same after it, its receipt still recovers the signer, a hash still finds it, and each value
// takes its bytes only.
import {
  createContextSigner,
  encodeCanonical,
  entryHash,
  hashContext,
  recoverReceiptSigner,
  ZERO_ENTRY_HASH,
} from "@ctxlog/core";
import type { Hex } from "viem";
import { createDb } from "../client";
import { searchRecords } from "../search/search-records";
import { TEST_CONTEXT_SIGNER } from "../testing/anchor-fixtures";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { getContext } from "./get-context";

const MIGRATION = "20261127194803_context_hashes_as_bytes";
let upgrade: UpgradeDatabase;
beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "hash_bytes");
});
afterAll(() => upgrade.drop());
const sql = <T>(text: string, values: unknown[] = []) => upgrade.sql<T>(text, values);

const signer = createContextSigner(TEST_CONTEXT_SIGNER);
const RECEIVED_AT = new Date("2026-11-27T10:00:00.000Z");

function written(id: string, n: number, prev: Hex | null) {
  const data = { agent_id: "agent-h", context_data: { n }, metadata: {} };
  const { contextHash, canonical: canonicalJson } = hashContext(data);
  const chained = prev !== null;
  const fields = {
    contextHash,
    userId: "u1",
    agentId: "agent-h",
    sequence: n,
    prevEntryHash: prev ?? ZERO_ENTRY_HASH,
  };
  return {
    id,
    canonicalJson,
    contextHash,
    sequence: chained ? n : null,
    prevEntryHash: chained ? prev : null,
    entryHash: chained ? entryHash(fields) : null,
    signature: chained ? signer.signReceipt({ ...fields, receivedAt: RECEIVED_AT }) : null,
    fields,
  };
}

it("keeps every hash and signature, as 0x-hex to readers, in a third of the bytes", async () => {
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  const first = written("ctx_01KAA0000000000000000000H1", 1, ZERO_ENTRY_HASH);
  const second = written("ctx_01KAA0000000000000000000H2", 2, first.entryHash);
  const legacy = written("ctx_01KAA0000000000000000000H0", 0, null);
  legacy.signature = await signer.sign(legacy.contextHash);
  for (const c of [legacy, first, second]) {
    await sql(
      `INSERT INTO contexts (id, user_id, api_key_id, key_family_id, agent_id, canonical_data, context_hash,
         signature, signature_scheme, signer_address, network, estimated_confirmation, updated_at, created_at,
         sequence, prev_entry_hash, entry_hash)
       VALUES ($1, 'u1', 'key_1', 'fam_1', 'agent-h', $2, $3, $4, $5, $6, 'anvil', now(), now(), $7, $8, $9, $10)`,
      [
        c.id,
        encodeCanonical(c.canonicalJson),
        c.contextHash,
        c.signature,
        c.sequence === null ? "EIP-191" : "EIP-712",
        signer.address,
        RECEIVED_AT,
        c.sequence,
        c.prevEntryHash,
        c.entryHash,
      ],
    );
  }

  await upgrade.migrateAll();

  const sizes = await sql<{ id: string; h: number; s: number; p: number | null; e: number | null }>(
    `SELECT id, octet_length(context_hash) AS h, octet_length(signature) AS s,
            octet_length(prev_entry_hash) AS p, octet_length(entry_hash) AS e FROM contexts ORDER BY id`,
  );
  expect(sizes).toEqual([
    { id: legacy.id, h: 32, s: 65, p: null, e: null },
    { id: first.id, h: 32, s: 65, p: 32, e: 32 },
    { id: second.id, h: 32, s: 65, p: 32, e: 32 },
  ]);

  const db = createDb(upgrade.url, { poolSize: 1 });
  try {
    const reader = { userId: "u1", keyFamilyId: "fam_1", scope: "all" as const };
    for (const was of [legacy, first, second]) {
      const now = await getContext(db, reader, was.id);
      expect({
        contextHash: now?.contextHash,
        signature: now?.signature,
        sequence: now?.sequence,
        prevEntryHash: now?.prevEntryHash,
        entryHash: now?.entryHash,
      }).toEqual({
        contextHash: was.contextHash,
        signature: was.signature,
        sequence: was.sequence,
        prevEntryHash: was.prevEntryHash,
        entryHash: was.entryHash,
      });
    }
    // the receipt read back recovers the signer; the EIP-191 signature too
    const read = await getContext(db, reader, second.id);
    expect(
      await recoverReceiptSigner({ ...second.fields, receivedAt: RECEIVED_AT }, read?.signature as Hex),
    ).toBe(signer.address);
    const old = await getContext(db, reader, legacy.id);
    expect(await createContextSigner(TEST_CONTEXT_SIGNER).sign(old?.contextHash as Hex)).toBe(old?.signature);
    // a pasted hash (any case) still finds its context, by context hash and by entry hash
    expect(await searchRecords(db, "u1", second.contextHash.toUpperCase().replace("0X", "0x"))).toEqual([
      expect.objectContaining({ id: second.id, matched: "context_hash" }),
    ]);
    expect(await searchRecords(db, "u1", second.entryHash as string)).toEqual([
      expect.objectContaining({ id: second.id, matched: "entry_hash" }),
    ]);
  } finally {
    await db.$disconnect();
  }
});

it("stops, changing nothing, rather than storing other bytes when a stored hash is not hex", async () => {
  const broken = await createUpgradeDatabase(MIGRATION, "hash_bytes_broken");
  try {
    await broken.migrateToBefore();
    await broken.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
    await broken.sql(
      `INSERT INTO contexts (id, user_id, api_key_id, key_family_id, agent_id, canonical_data, context_hash,
         signature, signer_address, network, estimated_confirmation, updated_at)
       VALUES ('ctx_1', 'u1', 'key_1', 'fam_1', 'a', '\\x00', '0xnothex', '0x', '0x', 'anvil', now(), now())`,
    );
    await expect(broken.migrateAll()).rejects.toThrow(/invalid hexadecimal digit/);
    const [column] = await broken.sql<{ data_type: string }>(
      `SELECT data_type FROM information_schema.columns WHERE table_name = 'contexts' AND column_name = 'context_hash'`,
    );
    expect(column?.data_type).toBe("text");
    expect(await broken.sql(`SELECT context_hash FROM contexts`)).toEqual([{ context_hash: "0xnothex" }]);
  } finally {
    await broken.drop();
  }
});
