// Integration: real PostgreSQL. The migration that drops the timestamps no reader needs
// (20261130190000_unread_timestamps_dropped: a delivery's created_at and updated_at, a context's
// updated_at), applied to a database holding deliveries written before: each reads the same, its
// creation now its id's time, and the overview counts a delivery failed in the last 24 hours by its
// last attempt, or by its creation when it had none, where it read updated_at before.
import { createDb } from "../client";
import { readOverview } from "../overview/read-overview";
import { createUpgradeDatabase, idAt, type UpgradeDatabase } from "../testing/upgrade-database";
import { getDelivery } from "./get-delivery";
import { listDeliveries } from "./list-deliveries";

const MIGRATION = "20261130190000_unread_timestamps_dropped";
const HOUR = 3_600_000;
const upgrades: UpgradeDatabase[] = [];
afterAll(() => Promise.all(upgrades.map((u) => u.drop())));

it("reads deliveries written before the same, created at their id's time; the overview counts failures without updated_at", async () => {
  const upgrade = await createUpgradeDatabase(MIGRATION, "unread_timestamps");
  upgrades.push(upgrade);
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  await upgrade.seedWebhooks("u1", ["whk_1"], at(72));
  // events and deliveries as the fan-out wrote them: a delivery's created_at a few ms after its id
  const rows = [
    // [hours ago created, status, last attempt hours ago | null, updated hours ago]
    { n: 1, created: 2, status: "succeeded", last: 2, updated: 2 },
    { n: 2, created: 30, status: "failed", last: 20, updated: 20 }, // failed at its 5th attempt, 20 h ago
    { n: 3, created: 3, status: "failed", last: null, updated: 3 }, // endpoint disabled before any attempt
    { n: 4, created: 40, status: "failed", last: 30, updated: 30 }, // failed 30 h ago: not in the 24 h
  ] as const;
  const ids: string[] = [];
  for (const r of rows) {
    const eventId = idAt("evt", at(r.created), r.n);
    const id = idAt("dlv", at(r.created), r.n);
    ids.push(id);
    await upgrade.sql(
      `INSERT INTO outbox_events (id, user_id, event, payload, created_at)
       VALUES ($1, 'u1', 'context.created', $2, $3)`,
      [eventId, `{"event":"context.created","n":${r.n}}`, at(r.created)],
    );
    await upgrade.sql(
      // (an attempted delivery's one attempt in its row, first_*, and copied as its last)
      `INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, attempts, last_attempt_at, created_at, updated_at,
                                      first_attempted_at, first_duration_ms)
       VALUES ($1, 'whk_1', $2, $3::"DeliveryStatus", $4, $5, $6, $7, $5, CASE WHEN $5::timestamptz IS NULL THEN NULL ELSE 10 END)`,
      [
        id,
        eventId,
        r.status,
        r.last === null ? 0 : 1,
        r.last === null ? null : at(r.last),
        new Date(at(r.created).getTime() + 3),
        at(r.updated),
      ],
    );
  }

  expect(await upgrade.migrateAll()).toContain(MIGRATION);
  const columns = await upgrade.sql<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_name IN ('webhook_deliveries', 'contexts') AND column_name IN ('created_at', 'updated_at')
      ORDER BY 1, 2`,
  );
  expect(columns).toEqual([{ table_name: "contexts", column_name: "created_at" }]);

  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    const first = await getDelivery(db, "whk_1", ids[0] as string);
    expect(first).toMatchObject({ id: ids[0], status: "succeeded", createdAt: at(2) });
    const listed = await listDeliveries(db, "whk_1", { limit: 10 });
    expect(listed.rows.map((d) => [d.id, d.createdAt.getTime()])).toEqual(
      [...rows].sort((a, b) => a.created - b.created).map((r) => [ids[r.n - 1], at(r.created).getTime()]),
    );
    // 24 h: delivery 2 (its last attempt 20 h ago) and 3 (never attempted, created 3 h ago)
    const overview = await readOverview(db, "u1", { network: "anvil", now: new Date(now) });
    expect(overview.deliveriesFailed24h).toBe(2);
  } finally {
    await db.$disconnect();
  }
});
