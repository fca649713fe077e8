// Integration: real PostgreSQL. The data step context_signers (after migration
// 20261130005000_context_references), applied to a database holding contexts signed by keys the
// signers table does not know (written before it existed) and by a key whose period starts after
// its first context. After it every context's signer is published for the context's time, as the
// API's runtime fold used to publish it, and a second run changes nothing.
import { signerValidAt } from "@ctxlog/core";
import { createDb } from "../client";
import { allSigners } from "../signers/list-signers";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";

const MIGRATION = "20261130005000_context_references";
const OLD = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const OLDER = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
const REGISTERED = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const t = (iso: string) => new Date(iso);

let upgrade: UpgradeDatabase;
afterAll(() => upgrade?.drop());

/** The contexts as they were written: id, signer, time. */
const CONTEXTS: [string, string, string][] = [
  ["ctx_01", OLDER, "2026-11-20T10:00:00.000Z"],
  ["ctx_02", OLDER, "2026-11-21T10:00:00.000Z"],
  ["ctx_03", OLD, "2026-11-22T10:00:00.000Z"],
  ["ctx_04", OLD, "2026-11-25T10:00:00.000Z"],
  ["ctx_05", REGISTERED, "2026-11-26T09:00:00.000Z"],
  ["ctx_06", REGISTERED, "2026-11-28T10:00:00.000Z"],
];

async function signersFor(db: ReturnType<typeof createDb>) {
  const published = await allSigners(db);
  return CONTEXTS.map(([id, address, at]) => ({ id, ...signerValidAt(published, address, t(at)) }));
}

it("publishes each signer found on contexts for the span of its contexts, once", async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "context_signers");
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  for (const [id, signer, at] of CONTEXTS) {
    await upgrade.sql(
      `INSERT INTO contexts (id, user_id, api_key_id, key_family_id, agent_id, canonical_data, context_hash,
         signature, signer_address, network, estimated_confirmation, updated_at, created_at)
       VALUES ($1, 'u1', 'key_1', 'fam_1', 'a', '\\x007b7d', '\\x00', '\\x00', $2, 'anvil', $3, $3, $3)`,
      [id, signer, t(at)],
    );
  }
  // REGISTERED's process registered itself a day after its first context, and is still running
  await upgrade.sql(
    `INSERT INTO signers (address, kind, valid_from, last_seen_at) VALUES ($1, 'attestation', $2, $3)`,
    [REGISTERED, t("2026-11-27T00:00:00Z"), t("2026-11-29T00:00:00Z")],
  );
  const db = createDb(upgrade.url, { poolSize: 1 });
  try {
    // before the step: two keys unknown, and REGISTERED's first context outside its period
    expect((await signersFor(db)).filter((s) => !s.valid).map((s) => s.id)).toEqual([
      "ctx_01",
      "ctx_02",
      "ctx_03",
      "ctx_04",
      "ctx_05",
    ]);

    // the migration under test first, then any later one
    expect((await upgrade.migrateAll())[0]).toBe(MIGRATION);
    expect(await upgrade.sql("SELECT name FROM ctxlog_data_steps WHERE name = 'context_signers'")).toEqual([
      { name: "context_signers" },
    ]);
    expect((await signersFor(db)).filter((s) => !s.valid)).toEqual([]);
    const published = await allSigners(db);
    const period = (address: string) => {
      const s = published.find((p) => p.address === address && p.kind === "attestation");
      return s && { from: s.validFrom.toISOString(), seen: s.lastSeenAt.toISOString(), until: s.validUntil };
    };
    expect([period(OLDER), period(OLD), period(REGISTERED)]).toEqual([
      { from: "2026-11-20T10:00:00.000Z", seen: "2026-11-21T10:00:00.000Z", until: null },
      { from: "2026-11-22T10:00:00.000Z", seen: "2026-11-25T10:00:00.000Z", until: null },
      // widened back to its first context; its last sighting stays the later one
      { from: "2026-11-26T09:00:00.000Z", seen: "2026-11-29T00:00:00.000Z", until: null },
    ]);
    expect(published).toHaveLength(3);

    // applied once: nothing left to do
    const before = await upgrade.sql("SELECT * FROM signers ORDER BY address");
    expect(await upgrade.migrateAll()).toEqual([]);
    expect(await upgrade.sql("SELECT * FROM signers ORDER BY address")).toEqual(before);
  } finally {
    await db.$disconnect();
  }
}, 120_000);
