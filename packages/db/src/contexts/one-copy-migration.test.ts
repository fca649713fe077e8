// Integration: real PostgreSQL. The migration that keeps a context's data once (canonical_data,
// instead of context_data, metadata and canonical_json) and its proof as bytes, applied to a
// database holding rows written as the code before it wrote them: confirmed contexts with their
// text[] proofs, an erased one, and a context.created that copied the data. After it every context
// reads the same data, its hash still matches, its proof still reaches the anchor's root, and the
// stored event is still delivered as it was stored.
import {
  buildMerkleTree,
  contextCreatedData,
  deliveryIdOf,
  deliveryKeyText,
  hashCanonical,
  hashContext,
  idFloor,
  serializeEnvelope,
  verifyMerkleProof,
} from "@ctxlog/core";
import type { Hex } from "viem";
import { createDb } from "../client";
import { getEvent } from "../events/list-events";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { loadDeliveryTargets } from "../webhooks/load-delivery-targets";
import { getContext } from "./get-context";
import { getContextWithAnchor } from "./get-context-proof";

const MIGRATION = "20261127032018_one_copy_of_the_data";
let upgrade: UpgradeDatabase;
beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "one_copy");
});
afterAll(() => upgrade.drop());
const sql = <T>(text: string, values: unknown[] = []) => upgrade.sql<T>(text, values);

const TX = `0x${"a1".repeat(32)}`;
// 32 bytes, as the node gives a block hash (migration 20261130031500_anchor_hashes_as_bytes stores its bytes)
const BLOCK = `0x${"b1".repeat(32)}`;
const SIGNATURE = `0x${"5a".repeat(65)}`;
// an event id as newId mints them (a ULID of its time): a delivery's public id is its event's
const EVENT_AT = new Date("2026-11-20T10:00:01.000Z");
const EVENT_ID = idFloor("evt", EVENT_AT);
const DATA = [
  {
    context_data: { task: "a", notes: "x".repeat(700), nested: { z: 1, a: [true, null, 2.5] } },
    metadata: { run: 1 },
  },
  { context_data: { task: "b", note: "é€😀", n: -0.125 }, metadata: {} },
  { context_data: { task: "c", big: 12345678901234 }, metadata: { trace_id: "t1" } },
];

it("keeps every context's data, hash and proof, and every stored event, through the migration", async () => {
  await upgrade.migrateToBefore();
  await sql(`INSERT INTO users (id) VALUES ('u1')`);
  await sql(
    `INSERT INTO api_keys (id, user_id, type, hash, display_prefix, family_id)
     VALUES ('key_1', 'u1', 'full', repeat('ab', 32), 'sk_', 'fam_1')`,
  );
  // three contexts logged before logs were chained (their leaf is context_hash), in one confirmed batch
  const contexts = DATA.map((d, i) => {
    const { canonical, contextHash } = hashContext({ agent_id: "agent-m", ...d });
    return { id: `ctx_01JD00000000000000000000${i}0`, canonical, contextHash, ...d };
  });
  const tree = buildMerkleTree(contexts.map((c) => c.contextHash));
  await sql(
    `INSERT INTO anchors (id, signer_address, chain_id, network, registry_address, merkle_root, context_count,
       context_ids, status, nonce, transaction_hash, block_number, block_hash, block_timestamp, gas_used,
       confirmations, sent_at, mined_at, confirmed_at, updated_at)
     VALUES ('anc_1', '0xs', 31337, 'anvil', '0xr', $1, 3, $2, 'confirmed', 0, $3, 42, '${BLOCK}',
       '2026-11-20T10:00:03.000Z', 23850, 3, '2026-11-20T10:00:01Z', '2026-11-20T10:00:03Z',
       '2026-11-20T10:00:07.250Z', now())`,
    [tree.root, contexts.map((c) => c.id), TX],
  );
  for (const [i, c] of contexts.entries()) {
    // as insertContexts wrote them: the data as jsonb twice over and as canonical text, the proof as text[]
    await sql(
      `INSERT INTO contexts (id, user_id, api_key_id, key_family_id, agent_id, context_data, metadata,
         canonical_json, context_hash, signature, signer_address, network, estimated_confirmation, updated_at,
         created_at, status, anchor_id, leaf_index, merkle_proof)
       VALUES ($1, 'u1', 'key_1', 'fam_1', 'agent-m', $2::jsonb, $3::jsonb, $4, $5, '${SIGNATURE}', '0xsigner', 'anvil',
         now(), now(), '2026-11-20T10:00:00.100Z', 'confirmed', 'anc_1', $6, $7::text[])`,
      [
        c.id,
        JSON.stringify(c.context_data),
        JSON.stringify(c.metadata),
        c.canonical,
        c.contextHash,
        i,
        tree.proofs[i],
      ],
    );
  }
  // the third is erased (the erasure nulled the three copies together)
  await sql(
    `UPDATE contexts SET context_data = NULL, metadata = NULL, canonical_json = NULL,
       data_erased_at = '2026-11-21T00:00:00Z', data_erased_by = 'retention' WHERE id = $1`,
    [contexts[2]?.id],
  );
  // a context.created as recordEvent stored it (the data copied, as the row's stored data gives it:
  // migration 20261129200000_one_event_form stores it as its reference if that renders the same
  // bytes), and its delivery
  const first = contexts[0] as (typeof contexts)[number];
  const body = JSON.parse(first.canonical) as { context_data: object; metadata: object };
  const payload = serializeEnvelope({
    event: "context.created",
    timestamp: EVENT_AT,
    data: contextCreatedData({
      id: first.id,
      agentId: "agent-m",
      transactionHash: TX,
      contextHash: first.contextHash,
      signature: SIGNATURE,
      createdAt: new Date("2026-11-20T10:00:00.100Z"),
      estimatedConfirmation: null,
      contextData: body.context_data,
      metadata: body.metadata,
    }),
  });
  await sql(
    `INSERT INTO outbox_events (id, user_id, event, context_id, payload, fanned_out_at, created_at)
     VALUES ($3, 'u1', 'context.created', $1, $2, now(), $4)`,
    [first.id, payload, EVENT_ID, EVENT_AT],
  );
  await sql(
    `INSERT INTO webhooks (id, user_id, url, events, secret, updated_at)
     VALUES ('wh_1', 'u1', 'https://example.com/h', '{context.created}', 'plain', now())`,
  );
  await sql(
    `INSERT INTO webhook_deliveries (id, webhook_id, user_id, event_id, event, next_attempt_at, updated_at)
     VALUES ('dlv_1', 'wh_1', 'u1', $1, 'context.created', now(), now())`,
    [EVENT_ID],
  );

  expect(await upgrade.migrateAll()).toContain(MIGRATION);

  const db = createDb(upgrade.url, { poolSize: 1 });
  try {
    const reader = { userId: "u1", keyFamilyId: "fam_1", scope: "all" as const };
    for (const [i, c] of contexts.entries()) {
      const row = await getContext(db, reader, c.id);
      const withAnchor = await getContextWithAnchor(db, reader, c.id);
      if (i < 2) {
        expect(row?.contextData).toEqual(c.context_data);
        expect(row?.metadata).toEqual(c.metadata);
        expect(row?.canonicalJson).toBe(c.canonical);
        expect(hashCanonical(row?.canonicalJson as string)).toBe(c.contextHash);
      } else {
        expect(row).toMatchObject({ contextData: null, metadata: null, canonicalJson: null });
        expect(row?.dataErasedAt).toEqual(new Date("2026-11-21T00:00:00Z"));
      }
      // the proof, now bytes, is the same path and still reaches the anchor's root
      expect(withAnchor?.merkleProof).toEqual(tree.proofs[i]);
      expect(verifyMerkleProof(c.contextHash, withAnchor?.merkleProof as Hex[], tree.root)).toBe(true);
      expect(withAnchor?.confirmations).toBe(3);
    }
    // converted as they were (format 0x00): the API compresses the rows it writes from now on
    const [stored] = await sql<{ format: number }>(
      `SELECT get_byte(canonical_data, 0) AS format FROM contexts WHERE id = $1`,
      [first.id],
    );
    expect(stored?.format).toBe(0);
    // the event stored whole (its reference since) is shown and delivered byte for byte as it was stored
    expect((await sql(`SELECT payload FROM outbox_events WHERE id = $1`, [EVENT_ID]))[0]).toEqual({
      payload: `~C${TX},`,
    });
    expect((await getEvent(db, "u1", EVENT_ID))?.payload).toBe(payload);
    // the delivery, by its key (its public id now its event's, delivery-key.ts)
    const key = { eventId: EVENT_ID, webhookId: "wh_1" };
    expect((await loadDeliveryTargets(db, [key])).get(deliveryKeyText(key))).toMatchObject({
      id: deliveryIdOf(EVENT_ID),
      payload,
    });
    const columns = await sql<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'contexts'`,
    );
    expect(columns.map((c) => c.column_name)).not.toEqual(expect.arrayContaining(["context_data"]));
    expect(columns.map((c) => c.column_name)).toEqual(expect.arrayContaining(["canonical_data"]));
    // each proof is read out of its batch's tree (migration 20261129133000 dropped the rows' copies)
    expect(columns.map((c) => c.column_name)).not.toEqual(expect.arrayContaining(["merkle_proof"]));
  } finally {
    await db.$disconnect();
  }
});
