// Integration: real PostgreSQL (a fresh database). Re-encryption racing rotations, as when
// `ctxlog secrets reencrypt` runs while the API serves rotate-secret.
import { randomBytes } from "node:crypto";
import { generateWebhookSecret, openSecret, SecretKeyring } from "@ctxlog/core";
import { createApiKey } from "../api-keys/create-api-key";
import { createTestDatabase } from "../testing";
import { createWebhook } from "./create-webhook";
import { reencryptWebhookSecrets } from "./reencrypt-webhook-secrets";
import { rotateWebhookSecret } from "./rotate-webhook-secret";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_reencrypt_test", { poolSize: 8 });
  await createApiKey(database.db, { userId: "u1", type: "full" });
});
afterAll(() => database.drop());

const oldKey = randomBytes(32).toString("hex");
const oldRing = SecretKeyring.parse({ key: oldKey, keyId: "old" });
const newRing = SecretKeyring.parse({
  key: randomBytes(32).toString("hex"),
  keyId: "new",
  oldKeys: `old:${oldKey}`,
});

describe("reencryptWebhookSecrets racing rotations (PostgreSQL)", () => {
  it("loses no rotation: each row ends with the newest secret and its predecessor, all under the new key", async () => {
    const hooks = [];
    for (let i = 0; i < 30; i++) {
      const secret = generateWebhookSecret();
      const row = await createWebhook(database.db, {
        userId: "u1",
        url: "https://example.com/hook",
        events: ["context.created"],
        description: "",
        secret,
        keyring: oldRing,
        maxPerUser: 100,
      });
      hooks.push({ id: row.id, secrets: [secret] });
    }
    // Rotations (the API already holds the new keyring) interleaved with the re-encryption.
    const rotations = (async () => {
      for (let round = 0; round < 3; round++) {
        await Promise.all(
          hooks.map(async (hook) => {
            const newSecret = generateWebhookSecret();
            await rotateWebhookSecret(database.db, "u1", hook.id, { newSecret, keyring: newRing });
            hook.secrets.push(newSecret);
          }),
        );
      }
    })();
    const runs = [reencryptWebhookSecrets(database.db, newRing, { batchSize: 7 }), rotations];
    await Promise.all(runs);
    await reencryptWebhookSecrets(database.db, newRing); // whatever the race left under "old"

    for (const hook of hooks) {
      const row = await database.db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
      expect([row.secretKeyId, row.previousSecretKeyId]).toEqual(["new", "new"]);
      expect(openSecret(newRing, { value: row.secret, keyId: row.secretKeyId }, hook.id)).toBe(
        hook.secrets.at(-1),
      );
      expect(
        openSecret(
          newRing,
          { value: row.previousSecret ?? "", keyId: row.previousSecretKeyId ?? "" },
          hook.id,
        ),
      ).toBe(hook.secrets.at(-2));
    }
    expect(await reencryptWebhookSecrets(database.db, newRing)).toEqual({ reencrypted: 0 });
  });
});
