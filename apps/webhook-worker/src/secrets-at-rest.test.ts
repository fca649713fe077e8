// Integration: real PostgreSQL, Redis, worker runtimes and loopback receivers. Webhook secrets are
// stored encrypted; the worker opens them to sign. A secret under a key the worker lacks is never
// sent unsigned or miscounted. (Plaintext rows written before encryption no longer exist: the data
// step sealed_secrets sealed them, packages/db/src/data-steps/sealed-secrets.migration.test.ts.)

import { createHmac, randomBytes } from "node:crypto";
import { generateWebhookSecret, SecretKeyring } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { createWebhook } from "@ctxlog/db";
import { deliveryRowOf } from "@ctxlog/db/testing";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

let h: WorkerHarness;
beforeAll(async () => {
  h = await createWorkerHarness({}, { start: false });
});
afterAll(() => h.close());

const hmacHex = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("hex");
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("webhook worker — secrets at rest (PostgreSQL + Redis + loopback receivers)", () => {
  it("a secret under a key the worker lacks: nothing sent, no attempt counted; sent once the key is configured", async () => {
    const oldKey = randomBytes(32).toString("base64");
    const oldRing = SecretKeyring.parse({ key: oldKey, keyId: "retired" });
    const worker = await h.startWorker();
    const userId = await h.user();
    const r = await h.receiver(() => 200);
    const secret = generateWebhookSecret();
    const hook = await createWebhook(h.db, {
      userId,
      url: r.url,
      events: ["context.created"],
      description: "",
      secret,
      keyring: oldRing,
      maxPerUser: 10,
    });
    const event = await h.event(userId, "context.created", { sealed: "retired" });
    await settle(1_500); // the job fails and is retried by BullMQ a few times
    expect(r.requests).toHaveLength(0);
    const pending = await h.db.webhookDelivery.findFirstOrThrow({ where: { webhook: { id: hook.id } } });
    expect(pending).toMatchObject({ status: "pending", attempts: 0 });
    await worker.stop();

    await h.startWorker({ SECRETS_ENCRYPTION_OLD_KEYS: `retired:${oldKey}` });
    const [got] = await r.waitFor(1, 10_000);
    expect(got?.headers["x-service-signature"]).toBe(hmacHex(secret, event.payload));
    await waitFor(async () => {
      const d = await deliveryRowOf(h.db, { webhookId: hook.id, eventId: pending.eventId });
      return d.status === "succeeded" && d.attempts === 1;
    });
  });
});
