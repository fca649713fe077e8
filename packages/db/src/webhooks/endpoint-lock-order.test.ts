// Integration: real PostgreSQL (a fresh database). The lock order of the transactions that write a
// webhook and its deliveries: the deliveries, then the webhook. A worker recording an attempt holds
// its delivery's row and then writes the endpoint's health; deleting or disabling the webhook at
// that moment must wait for it, not deadlock against it (a CI run saw "deadlock detected").
import { type DeliveryKey, generateWebhookSecret } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { Client } from "pg";
import { createApiKey } from "../api-keys/create-api-key";
import { recordEvent } from "../events/record-event";
import { createTestDatabase, deliveryRowOf, testSecretKeyring } from "../testing";
import { createWebhook } from "./create-webhook";
import { DELETED_WEBHOOK_ERROR, deleteWebhook } from "./delete-webhook";
import { disableWebhook, ENDPOINT_DISABLED_ERROR } from "./disable-webhook";
import { fanOutEvents } from "./fan-out-events";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_endpoint_locks_test");
  await createApiKey(database.db, { userId: "u1", type: "full" });
});
afterAll(() => database.drop());

async function pendingDelivery() {
  const hook = await createWebhook(database.db, {
    userId: "u1",
    url: "https://example.com/hook",
    events: ["context.created"],
    description: "",
    secret: generateWebhookSecret(),
    keyring: testSecretKeyring(),
    maxPerUser: 50,
  });
  await recordEvent(database.db, { userId: "u1", event: "context.created", data: {} });
  while ((await fanOutEvents(database.db, { batchSize: 100 })).events > 0) {}
  const delivery = await database.db.webhookDelivery.findFirstOrThrow({
    where: { webhook: { id: hook.id } },
  });
  // its key: the user's earlier webhooks get the same event too
  return { webhookId: hook.id, eventId: delivery.eventId };
}

const rowOf = (key: DeliveryKey) => deliveryRowOf(database.db, key);

/**
 * The worker's attempt transaction, held open after its first statement: the delivery's row is
 * locked (recordDeliveryAttempts), its endpoint's health not yet written (recordEndpointHealth).
 */
async function workerHoldingDelivery(key: DeliveryKey) {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  await client.query("BEGIN");
  await client.query(
    `UPDATE webhook_deliveries SET attempts = attempts
      WHERE webhook_ref = (SELECT ref FROM webhooks WHERE id = $1) AND event_id = $2`,
    [key.webhookId, key.eventId],
  );
  return {
    pid: (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid,
    /** the health statement, then COMMIT; an error (a deadlock) is returned, not thrown */
    async finish(webhookId: string): Promise<Error | null> {
      try {
        await client.query("UPDATE webhooks SET updated_at = now() WHERE id = $1", [webhookId]);
        await client.query("COMMIT");
        return null;
      } catch (err) {
        await client.query("ROLLBACK");
        return err as Error;
      } finally {
        await client.end();
      }
    },
  };
}

/** Until some other session waits for a lock that `pid` holds. */
async function someoneWaitsFor(pid: number | undefined) {
  await waitFor(async () => {
    const [row] = await database.db.$queryRawUnsafe<{ n: bigint }[]>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE $1::int = ANY(pg_blocking_pids(pid))",
      pid,
    );
    return Number(row?.n) > 0;
  });
}

describe("deliveries before their webhook (PostgreSQL)", () => {
  it("deleting a webhook waits for a worker recording an attempt of it, then abandons the delivery", async () => {
    const key = await pendingDelivery();
    const { webhookId } = key;
    const worker = await workerHoldingDelivery(key);
    const deleting = deleteWebhook(database.db, "u1", webhookId);
    await someoneWaitsFor(worker.pid);

    expect(await worker.finish(webhookId)).toBeNull();
    expect(await deleting).toBe(true);
    const row = await rowOf(key);
    expect(row).toMatchObject({ status: "failed", errorMessage: DELETED_WEBHOOK_ERROR });
    expect(
      (await database.db.webhook.findUniqueOrThrow({ where: { id: webhookId } })).deletedAt,
    ).not.toBeNull();
  });

  it("disabling a webhook waits for it the same way", async () => {
    const key = await pendingDelivery();
    const { webhookId } = key;
    const worker = await workerHoldingDelivery(key);
    const disabling = disableWebhook(database.db, webhookId, "manual", { userId: "u1" });
    await someoneWaitsFor(worker.pid);

    expect(await worker.finish(webhookId)).toBeNull();
    expect(await disabling).not.toBeNull();
    const row = await rowOf(key);
    expect(row).toMatchObject({ status: "failed", errorMessage: ENDPOINT_DISABLED_ERROR });
  });

  it("a webhook that cannot be deleted (another user's) leaves its deliveries untouched", async () => {
    const key = await pendingDelivery();
    const { webhookId } = key;
    expect(await deleteWebhook(database.db, "u2", webhookId)).toBe(false);
    expect(await disableWebhook(database.db, webhookId, "failing", { failingBefore: new Date() })).toBeNull();
    const row = await rowOf(key);
    expect(row).toMatchObject({ status: "pending", errorMessage: null });
  });
});
