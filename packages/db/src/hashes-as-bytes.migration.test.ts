// Integration: real PostgreSQL. The migration that stores agent_logs', verifications' and
// chain_identity's 32-byte hashes as their bytes (20261130010108_hashes_as_bytes), applied to a
// database holding them as the 0x-hex text the code wrote before. After it every reader returns the
// same hashes: a log's next entry links to the head stored as text, the verifications read back as
// they were shown, and the chain worker still finds itself on the chain it recorded.
import { randomBytes } from "node:crypto";
import { newId } from "@ctxlog/core";
import { checkChainIdentity, readChainIdentity } from "./chain-identity/check-chain-identity";
import { createDb } from "./client";
import { hexOf } from "./hex-columns";
import { readContext, seedContexts } from "./testing";
import { createUpgradeDatabase, type UpgradeDatabase } from "./testing/upgrade-database";
import { getVerification, listVerifications } from "./verifications";

const MIGRATION = "20261130010108_hashes_as_bytes";
const SIGNER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const ZERO_HASH = `0x${"00".repeat(32)}`;
const hash32 = () => `0x${randomBytes(32).toString("hex")}`;
const owner = { userId: "usr_hashes", apiKeyId: "key_hashes", keyFamilyId: "fam_hashes" };
const oldHead = hash32();
const byData = { id: newId("vrf"), contextHash: hash32(), transactionHash: hash32() as string | null };
const byId = { id: newId("vrf"), contextHash: hash32(), transactionHash: null as string | null };
const chain = { chainId: 31337, genesisHash: hash32(), registryAddress: `0x${"12".repeat(20)}` };

let upgrade: UpgradeDatabase;
let db: ReturnType<typeof createDb>;

beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "hashes_as_bytes");
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: owner.userId, keyId: owner.apiKeyId, familyId: owner.keyFamilyId });
  // rows as the code before the migration wrote them: hashes as 0x-hex text. A log created by a
  // write that was refused keeps the zero hash as its head.
  for (const [agentId, sequence, head] of [
    ["agent-old", 7, oldHead],
    ["agent-empty", 0, ZERO_HASH],
  ] as const) {
    await upgrade.sql(
      `INSERT INTO agent_logs (user_id, agent_id, head_sequence, head_entry_hash, first_at, last_at)
       VALUES ($1, $2, $3, $4, now(), now())`,
      [owner.userId, agentId, sequence, head],
    );
  }
  for (const v of [byData, byId]) {
    await upgrade.sql(
      `INSERT INTO verifications (id, user_id, api_key_id, context_id, transaction_hash, verified,
         agent_id, context_hash, signature_valid, hash_matches, block_number, confirmations,
         verification_time_ms, checks)
       VALUES ($1, $2, $3, NULL, $4, true, 'agent-v', $5, true, true, 12, 3, 40, '[]')`,
      [v.id, owner.userId, owner.apiKeyId, v.transactionHash, v.contextHash],
    );
  }
  await upgrade.sql(
    `INSERT INTO chain_identity (id, chain_id, genesis_hash, registry_address) VALUES ('anchor-chain', $1, $2, $3)`,
    [chain.chainId, chain.genesisHash, chain.registryAddress],
  );
  await upgrade.migrateAll();
  db = createDb(upgrade.url, { poolSize: 2 });
});
afterAll(async () => {
  await db?.$disconnect();
  await upgrade.drop();
});

it("stores the hashes as their 32 bytes", async () => {
  const [row] = await upgrade.sql<Record<string, Buffer>>(
    `SELECT (SELECT head_entry_hash FROM agent_logs WHERE agent_id = 'agent-old') AS head,
            context_hash, transaction_hash, (SELECT genesis_hash FROM chain_identity) AS genesis
       FROM verifications WHERE id = $1`,
    [byData.id],
  );
  expect(Object.values(row ?? {}).map((b) => [Buffer.isBuffer(b), b.length])).toEqual(
    Array(4).fill([true, 32]),
  );
});

it("keeps a log's head: the next entry after the upgrade links to the head stored as text", async () => {
  const [id] = await seedContexts(db, owner, {
    count: 1,
    signerPrivateKey: SIGNER_KEY,
    agentId: "agent-old",
  });
  const next = await readContext(db, id as string);
  expect([next.sequence, next.prevEntryHash]).toEqual([8, oldHead]);
  const [firstId] = await seedContexts(db, owner, {
    count: 1,
    signerPrivateKey: SIGNER_KEY,
    agentId: "agent-empty",
  });
  const first = await readContext(db, firstId as string);
  expect([first.sequence, first.prevEntryHash]).toEqual([1, ZERO_HASH]);

  const heads = await upgrade.sql<{ agent_id: string; head_sequence: number; head_entry_hash: Buffer }>(
    "SELECT agent_id, head_sequence, head_entry_hash FROM agent_logs WHERE user_id = $1 ORDER BY agent_id",
    [owner.userId],
  );
  expect(heads.map((h) => [h.agent_id, h.head_sequence, hexOf(h.head_entry_hash)])).toEqual([
    ["agent-empty", 1, first.entryHash],
    ["agent-old", 8, next.entryHash],
  ]);
});

it("reads the verifications stored as text with the hashes they were shown with", async () => {
  const viewer = { userId: owner.userId, keyFamilyId: owner.keyFamilyId, scope: "all" as const };
  for (const v of [byData, byId]) {
    expect(await getVerification(db, viewer, v.id)).toMatchObject({
      contextHash: v.contextHash,
      transactionHash: v.transactionHash,
    });
  }
  const page = await listVerifications(db, viewer, { limit: 10 });
  const shown = (vs: { id: string; contextHash: string; transactionHash: string | null }[]) =>
    vs
      .map((v) => [v.id, v.contextHash, v.transactionHash])
      .sort(([a], [b]) => String(a).localeCompare(String(b)));
  expect(shown(page.rows)).toEqual(shown([byData, byId]));
});

it("keeps the chain identity: the chain recorded as text is the same chain after the upgrade", async () => {
  expect(await readChainIdentity(db)).toEqual(chain);
  expect(await checkChainIdentity(db, chain)).toEqual({ status: "same", recorded: chain });
});
