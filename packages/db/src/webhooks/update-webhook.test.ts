// Integration: real PostgreSQL (a fresh database). updateWebhook changes the fields given and only
// those (a null rate limit removes it); another user's or a deleted webhook is not there.
import { generateWebhookSecret } from "@ctxlog/core";
import { createTestDatabase, testSecretKeyring } from "../testing";
import { createWebhook } from "./create-webhook";
import { deleteWebhook } from "./delete-webhook";
import { updateWebhook } from "./update-webhook";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_update_webhook_test");
  await database.db.user.createMany({ data: [{ id: "u1" }, { id: "u2" }] });
});
afterAll(() => database.drop());

const webhookOf = (userId: string) =>
  createWebhook(database.db, {
    userId,
    url: "https://example.com/hook",
    events: ["context.created"],
    description: "first",
    rateLimit: 5,
    secret: generateWebhookSecret(),
    keyring: testSecretKeyring(),
    maxPerUser: 10,
  });

it("changes the fields given and keeps the others", async () => {
  const hook = await webhookOf("u1");
  const described = await updateWebhook(database.db, "u1", hook.id, { description: "second" });
  expect(described).toMatchObject({
    url: hook.url,
    events: hook.events,
    description: "second",
    rateLimit: 5,
    secret: hook.secret,
  });
  expect(described?.updatedAt.getTime()).toBeGreaterThanOrEqual(hook.updatedAt.getTime());
  const moved = await updateWebhook(database.db, "u1", hook.id, {
    url: "https://example.com/other",
    events: ["context.confirmed", "context.failed"],
  });
  expect(moved).toMatchObject({
    url: "https://example.com/other",
    events: ["context.confirmed", "context.failed"],
    description: "second",
    rateLimit: 5,
  });
  expect(await updateWebhook(database.db, "u1", hook.id, { rateLimit: 20 })).toMatchObject({ rateLimit: 20 });
  expect(await updateWebhook(database.db, "u1", hook.id, { rateLimit: null })).toMatchObject({
    rateLimit: null,
  });
  // an empty description is a value, not an absence
  expect(await updateWebhook(database.db, "u1", hook.id, { description: "" })).toMatchObject({
    description: "",
  });
});

it("is null for another user's webhook or a deleted one, and changes neither", async () => {
  const hook = await webhookOf("u1");
  expect(await updateWebhook(database.db, "u2", hook.id, { description: "theirs" })).toBeNull();
  await deleteWebhook(database.db, "u1", hook.id);
  expect(await updateWebhook(database.db, "u1", hook.id, { description: "gone" })).toBeNull();
  const row = await database.db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
  expect(row.description).toBe("first");
});
