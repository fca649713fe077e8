// Integration: real PostgreSQL. The migration that brings legal holds and erasure reasons
// (20261130035600_legal_holds), applied to a database holding context.erased events as the old code
// stored them: their envelopes gain `"reason":null` as the last member of data (a test event's
// too), so no reader meets the older form; other events are left as they were.
import { newId, serializeEnvelope } from "@ctxlog/core";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";

const MIGRATION = "20261130035600_legal_holds";
let upgrade: UpgradeDatabase;
beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "holds");
});
afterAll(() => upgrade.drop());

const erasedData = (contextId: string) => ({
  context_id: contextId,
  agent_id: "planner-7",
  context_hash: `0x${"ab".repeat(32)}`,
  data_erased_at: "2026-11-29T12:00:00.000Z",
  erased_by: "api_key",
  sequence: 3,
  prev_entry_hash: `0x${"11".repeat(32)}`,
  entry_hash: null,
});

it("adds reason: null to the context.erased events stored before, and nothing else", async () => {
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  const timestamp = new Date("2026-11-29T12:00:00.000Z");
  const events = [
    { event: "context.erased", data: erasedData("ctx_1"), test: false },
    { event: "context.erased", data: erasedData("ctx_2"), test: true },
    {
      event: "webhook.disabled",
      data: {
        webhook_id: "whk_1",
        description: "",
        disabled_at: timestamp.toISOString(),
        disabled_reason: "gone",
      },
      test: false,
    },
  ] as const;
  const ids: string[] = [];
  for (const e of events) {
    const id = newId("evt");
    ids.push(id);
    await upgrade.sql(
      "INSERT INTO outbox_events (id, user_id, event, context_id, payload, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
      [
        id,
        "u1",
        e.event,
        "context_id" in e.data ? e.data.context_id : null,
        serializeEnvelope({ event: e.event, timestamp, data: e.data, test: e.test }),
        timestamp,
      ],
    );
  }
  await upgrade.migrateAll();
  const payloads = await Promise.all(
    ids.map(async (id) => {
      const [row] = await upgrade.sql<{ payload: string }>(
        "SELECT payload FROM outbox_events WHERE id = $1",
        [id],
      );
      return row?.payload ?? "";
    }),
  );
  // the envelope the code writes now, byte for byte
  expect(payloads[0]).toBe(
    serializeEnvelope({ event: "context.erased", timestamp, data: { ...erasedData("ctx_1"), reason: null } }),
  );
  expect(payloads[1]).toBe(
    serializeEnvelope({
      event: "context.erased",
      timestamp,
      data: { ...erasedData("ctx_2"), reason: null },
      test: true,
    }),
  );
  expect(payloads[2]).toBe(serializeEnvelope({ event: "webhook.disabled", timestamp, data: events[2].data }));
});
