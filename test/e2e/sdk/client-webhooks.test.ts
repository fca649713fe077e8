// Integration: webhook management through the client against the real API (real PostgreSQL and
// Redis via the API's test harness). Nothing is delivered here: no webhook worker runs.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Webhook } from "@ctxlog/sdk";
import { CtxlogClient, isApiError } from "@ctxlog/sdk";
import { createTestHarness, type TestHarness } from "../../../apps/api/src/testing/harness";

let h: TestHarness;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  h = await createTestHarness();
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (error: unknown) => error,
  );

it("creates, reads, updates, rotates, tests and deletes a webhook", async () => {
  const tenant = await h.tenant();
  const client = new CtxlogClient({ baseUrl, apiKey: tenant.keys.full });

  const created = await client.webhooks.create({
    url: "https://receiver.example.com/ctxlog",
    events: ["context.confirmed", "context.failed"],
    description: "sdk test",
  });
  expect(created).toMatchObject({
    url: "https://receiver.example.com/ctxlog",
    status: "active",
    description: "sdk test",
  });
  expect(created.secret).toMatch(/^whsec_/);
  const id = created.webhook_id;

  const listed: Webhook[] = [];
  for await (const w of client.webhooks.listAll({ limit: 1 })) listed.push(w);
  expect(listed.map((w) => w.webhook_id)).toEqual([id]);
  expect(listed[0]).not.toHaveProperty("secret");
  expect(await client.webhooks.get(id)).toMatchObject({
    webhook_id: id,
    events: ["context.confirmed", "context.failed"],
  });

  const updated = await client.webhooks.update(id, { events: ["context.created"] });
  expect(updated.events).toEqual(["context.created"]);
  expect(updated.url).toBe(created.url);

  const rotated = await client.webhooks.rotateSecret(id);
  expect(rotated.webhook_id).toBe(id);
  expect(rotated.secret).toMatch(/^whsec_/);
  expect(rotated.secret).not.toBe(created.secret);
  expect(Date.parse(rotated.previous_secret_expires_at)).toBeGreaterThan(Date.now());

  const delivery = await client.webhooks.test(id, { event: "context.created" });
  expect(delivery).toMatchObject({ webhook_id: id, event: "context.created", status: "pending" });
  const deliveries = await client.webhooks.deliveries.list(id, { status: "pending" });
  expect(deliveries.data.map((d) => d.delivery_id)).toContain(delivery.delivery_id);
  const detail = await client.webhooks.deliveries.get(id, delivery.delivery_id);
  expect(detail.delivery_id).toBe(delivery.delivery_id);
  expect(detail.attempt_log).toEqual(expect.any(Array));

  expect(await client.webhooks.delete(id)).toEqual({ webhook_id: id, deleted: true });
  expect(isApiError(await caught(client.webhooks.get(id)), "NOT_FOUND")).toBe(true);
});

it("a read-only key may not manage webhooks (403, typed)", async () => {
  const tenant = await h.tenant();
  const error = await caught(new CtxlogClient({ baseUrl, apiKey: tenant.keys.read_only }).webhooks.list());
  expect(isApiError(error, "INSUFFICIENT_PERMISSIONS")).toBe(true);
});

it("an invalid webhook URL is a VALIDATION_ERROR with details", async () => {
  const tenant = await h.tenant();
  const client = new CtxlogClient({ baseUrl, apiKey: tenant.keys.full });
  const error = await caught(client.webhooks.create({ url: "ftp://nope", events: ["context.created"] }));
  expect(isApiError(error, "VALIDATION_ERROR")).toBe(true);
  expect((error as { details: unknown }).details).toEqual(expect.any(Array));
});
