// Integration: real PostgreSQL, Redis, worker runtimes and loopback receivers. Webhook secrets are
// stored encrypted; the worker opens them to sign. Rows written before encryption (key id NULL)
// keep working, and a secret under a key the worker lacks is never sent unsigned or miscounted.

import { createHmac, randomBytes } from "node:crypto";
import { generateWebhookSecret, SecretKeyring } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { createWebhook, rotateWebhookSecret } from "@ctxlog/db";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

let h: WorkerHarness;
beforeAll(async () => {
  h = await createWorkerHarness({}, { start: false });
});
afterAll(() => h.close());

const hmacHex = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("hex");
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("webhook worker — secrets at rest (PostgreSQL + Redis + loopback receivers)", () => {
  it("signs with a legacy plaintext secret (key id NULL), also as the previous secret after a rotation", async () => {
    const worker = await h.startWorker();
    const userId = await h.user();
    const r = await h.receiver(() => 200);
    const hook = await h.webhook(userId, r.url);
    // What a row written before encryption looks like.
    await h.db
      .$executeRaw`UPDATE webhooks SET secret = ${hook.secret}, secret_key_id = NULL WHERE id = ${hook.id}`;
    const first = await h.event(userId, "context.created", { legacy: 1 });
    const [got] = await r.waitFor(1, 5_000);
    expect(got?.headers["x-service-signature"]).toBe(hmacHex(hook.secret, first.payload));

    const newSecret = generateWebhookSecret();
    await rotateWebhookSecret(h.db, userId, hook.id, { newSecret, keyring: h.keyring });
    const row = await h.db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
    expect(row).toMatchObject({ secretKeyId: "test", previousSecretKeyId: null });
    const second = await h.event(userId, "context.created", { legacy: 2 });
    const [, again] = await r.waitFor(2, 5_000);
    expect(again?.headers["x-service-signature"]).toBe(hmacHex(newSecret, second.payload));
    expect(again?.headers["x-service-signature-previous"]).toBe(hmacHex(hook.secret, second.payload));
    await worker.stop();
  });

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
    const pending = await h.db.webhookDelivery.findFirstOrThrow({ where: { webhookId: hook.id } });
    expect(pending).toMatchObject({ status: "pending", attempts: 0 });
    await worker.stop();

    await h.startWorker({ SECRETS_ENCRYPTION_OLD_KEYS: `retired:${oldKey}` });
    const [got] = await r.waitFor(1, 10_000);
    expect(got?.headers["x-service-signature"]).toBe(hmacHex(secret, event.payload));
    await waitFor(async () => {
      const d = await h.db.webhookDelivery.findFirstOrThrow({ where: { id: pending.id } });
      return d.status === "succeeded" && d.attempts === 1;
    });
  });
});
