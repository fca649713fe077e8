// Test-only factories of the retention tests: a user with a webhook old enough that every event of
// the last 90 days fans out to it, and attempts recorded as the webhook worker records them.
import { type DeliveryKey, generateWebhookSecret } from "@ctxlog/core";
import type { PrismaClient } from "../../client";
import { deliveryRowOf, seedUser, testSecretKeyring } from "../../testing";
import { createWebhook } from "../../webhooks/create-webhook";
import { recordAttempts } from "../../webhooks/record-attempts";

const DAY = 86_400_000;

export async function seedUserWithOldWebhook<
  O extends { userId: string } = Awaited<ReturnType<typeof seedUser>>,
>(
  db: PrismaClient,
  // an upgrade test on an older schema passes its own (one that writes a key as that schema holds it)
  seedOwner: (db: PrismaClient) => Promise<O> = seedUser as unknown as (db: PrismaClient) => Promise<O>,
) {
  const owner = await seedOwner(db);
  const hook = await createWebhook(db, {
    userId: owner.userId,
    url: "https://example.com/hook",
    events: ["context.created"],
    description: "",
    secret: generateWebhookSecret(),
    keyring: testSecretKeyring(),
    maxPerUser: 10,
  });
  // updateMany reads no column back: it runs on an older schema too (one without webhooks.ref)
  const { count } = await db.webhook.updateMany({
    where: { id: hook.id },
    data: { createdAt: new Date(Date.now() - 90 * DAY) },
  });
  if (count !== 1) throw new Error(`webhook ${hook.id} not found`);
  return { owner, hook };
}

/** `times` attempts of a delivery (by its key), each answered 200 (`succeeded`) or 500, with 1 ms retry delays. */
export async function recordTestAttempts(db: PrismaClient, key: DeliveryKey, succeeded: boolean, times = 1) {
  for (let i = 0; i < times; i++) {
    const row = await deliveryRowOf(db, key);
    const now = new Date();
    await recordAttempts(
      db,
      [
        {
          eventId: key.eventId,
          webhookId: key.webhookId,
          cycle: row.cycle,
          attemptedAt: now,
          finishedAt: now,
          durationMs: 1,
          responseStatus: succeeded ? 200 : 500,
          error: succeeded ? null : "HTTP 500",
          succeeded,
        },
      ],
      [1, 1, 1, 1],
    );
  }
}
