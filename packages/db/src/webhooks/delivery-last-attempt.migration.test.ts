// Integration: real PostgreSQL. The migration that reads a delivery's last attempt from its attempts
// (20261201050000_delivery_last_attempt_from_its_log: response_status and last_attempt_at dropped
// from the delivery's row), applied to deliveries written before: one delivered at its first
// attempt, one failed after a second (a row of webhook_attempts), one retried by hand after its
// cycle failed, one never attempted. Each reads the same last attempt, by id and in its webhook's
// list, and the next attempt is read from where it is recorded. A row whose copy disagrees with its
// attempts stops the upgrade, naming it, and nothing is dropped.
import { deliveryIdOf } from "@ctxlog/core";
import { createDb } from "../client";
import { createUpgradeDatabase, idAt, type UpgradeDatabase } from "../testing/upgrade-database";
import { getDelivery } from "./get-delivery";
import { listDeliveries } from "./list-deliveries";
import { recordAttempts } from "./record-attempts";

const MIGRATION = "20261201050000_delivery_last_attempt_from_its_log";
const MINUTE = 60_000;
const upgrades: UpgradeDatabase[] = [];
afterAll(() => Promise.all(upgrades.map((u) => u.drop())));

async function seedOlder(label: string) {
  const upgrade = await createUpgradeDatabase(MIGRATION, label);
  upgrades.push(upgrade);
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
  await upgrade.seedWebhooks("u1", ["whk_1", "whk_2"], at(120));
  const events = [idAt("evt", at(60), 1), idAt("evt", at(50), 2), idAt("evt", at(40), 3)] as const;
  for (const [i, id] of events.entries())
    await upgrade.sql(
      `INSERT INTO outbox_events (id, user_id, event, payload, created_at)
       VALUES ($1, 'u1', 'context.created', '{"event":"context.created"}', $2)`,
      [id, at(60 - 10 * i)],
    );
  const ref = async (id: string) =>
    (await upgrade.sql<{ ref: number }>("SELECT ref FROM webhooks WHERE id = $1", [id]))[0]?.ref;
  const [ref1, ref2] = [await ref("whk_1"), await ref("whk_2")];
  // as the code of the time wrote them: the last attempt's time and status copied into the row
  await upgrade.sql(
    `INSERT INTO webhook_deliveries (webhook_ref, event_id, status, attempts, cycle, response_status, error_message,
                                     last_attempt_at, next_attempt_at, first_attempted_at, first_duration_ms,
                                     first_response_status, first_error)
     VALUES ($1, $3, 'succeeded', 1, 1, 200, NULL, $6, NULL, $6, 5, 200, NULL),
            ($2, $3, 'failed', 2, 1, 500, 'HTTP 500', $7, NULL, $6, 5, 502, 'HTTP 502'),
            ($1, $4, 'pending', 0, 2, 503, 'HTTP 503', $8, $9, $6, 5, 503, 'HTTP 503'),
            ($1, $5, 'pending', 0, 1, NULL, NULL, NULL, $9, NULL, NULL, NULL, NULL)`,
    [ref1, ref2, events[0], events[1], events[2], at(59), at(58), at(30), at(1)],
  );
  await upgrade.sql(
    `INSERT INTO webhook_attempts (event_id, webhook_ref, cycle, number, attempted_at, duration_ms, response_status, error)
     VALUES ($1, $3, 1, 2, $4, 7, 500, 'HTTP 500'),
            ($2, $5, 1, 2, $6, 7, 503, 'HTTP 503')`,
    [events[0], events[1], ref2, at(58), ref1, at(30)],
  );
  return { upgrade, events, at, ref1 };
}

it("reads each delivery's last attempt from its attempts, as its row said before", async () => {
  const { upgrade, events, at } = await seedOlder("last_attempt");
  expect(await upgrade.migrateAll()).toContain(MIGRATION);
  const columns = await upgrade.sql(
    `SELECT column_name FROM information_schema.columns
      WHERE table_name = 'webhook_deliveries' AND column_name IN ('response_status', 'last_attempt_at')`,
  );
  expect(columns).toEqual([]);

  const db = createDb(upgrade.url, { poolSize: 2 });
  try {
    const last = async (webhookId: string, eventId: string) => {
      const d = await getDelivery(db, webhookId, deliveryIdOf(eventId));
      return [d?.lastAttemptAt?.getTime() ?? null, d?.responseStatus ?? null];
    };
    expect(await last("whk_1", events[0])).toEqual([at(59).getTime(), 200]); // its first, in its row
    expect(await last("whk_2", events[0])).toEqual([at(58).getTime(), 500]); // its second, a row of its own
    expect(await last("whk_1", events[1])).toEqual([at(30).getTime(), 503]); // the cycle before its retry
    expect(await last("whk_1", events[2])).toEqual([null, null]); // none made
    const listed = await listDeliveries(db, "whk_1", { limit: 10 });
    expect(listed.rows.map((d) => [d.eventId, d.lastAttemptAt?.getTime() ?? null, d.responseStatus])).toEqual(
      [
        [events[2], null, null],
        [events[1], at(30).getTime(), 503],
        [events[0], at(59).getTime(), 200],
      ],
    );

    // the retried delivery's next attempt (cycle 2, number 1) is its last from then on
    const attemptedAt = new Date();
    await recordAttempts(
      db,
      [
        {
          eventId: events[1],
          webhookId: "whk_1",
          cycle: 2,
          attemptedAt,
          finishedAt: attemptedAt,
          durationMs: 3,
          responseStatus: 204,
          error: null,
          succeeded: true,
        },
      ],
      [1, 1, 1, 1],
    );
    expect(await last("whk_1", events[1])).toEqual([attemptedAt.getTime(), 204]);
  } finally {
    await db.$disconnect();
  }
});

it("refuses, naming the delivery, when a row's last attempt is not what its attempts say", async () => {
  const { upgrade, events, ref1 } = await seedOlder("last_attempt_differs");
  await upgrade.sql(
    "UPDATE webhook_deliveries SET response_status = 201 WHERE webhook_ref = $1 AND event_id = $2",
    [ref1, events[0]],
  );
  await expect(upgrade.migrateAll()).rejects.toThrow(
    new RegExp(`delivery of event ${events[0]} at webhook ref ${ref1} has a last attempt other than`),
  );
  // nothing dropped
  const columns = await upgrade.sql(
    `SELECT column_name FROM information_schema.columns
      WHERE table_name = 'webhook_deliveries' AND column_name IN ('response_status', 'last_attempt_at')`,
  );
  expect(columns).toHaveLength(2);
});
