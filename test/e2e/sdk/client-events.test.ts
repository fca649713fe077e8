// Integration: the SDK's events, event-types, recover and enable calls against the real API (real
// PostgreSQL and Redis via the API's test harness). Events are recorded as the workers record them.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sampleEventData } from "@ctxlog/core";
import { disableWebhook, recordEvent } from "@ctxlog/db";
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

it("lists and reads recorded events, serves the event types, enables and recovers a webhook", async () => {
  const t = await h.tenant();
  const other = await h.tenant();
  const client = new CtxlogClient({ baseUrl, apiKey: t.keys.full });
  const recorded = await recordEvent(h.db, {
    userId: t.userId,
    event: "context.failed",
    data: sampleEventData("context.failed"),
  });
  const theirs = await recordEvent(h.db, {
    userId: other.userId,
    event: "context.failed",
    data: sampleEventData("context.failed"),
  });

  const page = await client.events.list({ type: "context.failed" });
  expect(page.data.map((e) => e.event_id)).toEqual([recorded.id]);
  const one = await client.events.get(recorded.id);
  expect(JSON.stringify(one.envelope)).toBe(recorded.payload);
  const missing = await client.events.get(theirs.id).catch((err: unknown) => err);
  expect(isApiError(missing, "NOT_FOUND")).toBe(true);

  const types = await client.events.types();
  expect(types.data.map((x) => x.type)).toContain("webhook.disabled");

  const hook = await client.webhooks.create({
    url: "https://example.com/h",
    events: ["context.failed"],
    rate_limit: 3,
  });
  expect(hook.rate_limit).toBe(3);
  await disableWebhook(h.db, hook.webhook_id, "gone");
  const refused = await client.webhooks
    .recover(hook.webhook_id, { since: new Date(Date.now() - 60_000).toISOString() })
    .catch((err: unknown) => err);
  expect(isApiError(refused, "CONFLICT")).toBe(true);
  expect(await client.webhooks.update(hook.webhook_id, { disabled: false })).toMatchObject({
    disabled: false,
  });
  expect(
    await client.webhooks.recover(hook.webhook_id, { since: new Date(Date.now() - 60_000).toISOString() }),
  ).toEqual({
    recovering: 0,
  });
});
