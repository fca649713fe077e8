// Integration: real PostgreSQL, real Redis (own prefix), the real worker runtime with the SSRF guard
// on, and a loopback listener the webhook points at through a host name (localhost).
import { deliveryIdOf } from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { attemptsOf } from "@ctxlog/db/testing";
import { DESTINATION_NOT_ALLOWED } from "@ctxlog/webhooks";
import pino from "pino";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

const lines: Record<string, unknown>[] = [];
let h: WorkerHarness;

beforeAll(async () => {
  const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  h = await createWorkerHarness(
    { WEBHOOK_ALLOW_PRIVATE_URLS: "false", WEBHOOK_RETRY_DELAYS_MS: "20,20,20,20" },
    { logger },
  );
});
afterAll(() => h.close());

it("a host name resolving to a private address: the recorded error names neither; the worker's log does", async () => {
  const userId = await h.user();
  const listener = await h.receiver();
  const hook = await h.webhook(userId, `http://localhost:${listener.port}/hook`);
  await h.event(userId, "context.created");
  const delivery = await waitFor(async () => {
    const row = await h.db.webhookDelivery.findFirst({ where: { webhook: { id: hook.id } } });
    return row?.status === "failed" ? { ...row, webhookId: hook.id } : undefined;
  });
  const attempts = await attemptsOf(h.db, delivery);
  const recorded = [delivery.errorMessage, ...attempts.map((a) => a.error)];
  expect(attempts).toHaveLength(5);
  for (const error of recorded) {
    expect(error).toBe(DESTINATION_NOT_ALLOWED);
    expect(error).not.toMatch(/localhost|127\.0\.0\.1|::1|loopback/);
  }
  expect(listener.connections()).toBe(0);

  const refusals = lines.filter((l) => l.msg === "webhook destination refused by the SSRF guard");
  expect(refusals.length).toBeGreaterThanOrEqual(1);
  expect(refusals[0]).toMatchObject({ deliveryId: deliveryIdOf(delivery.eventId), webhookId: hook.id });
  expect(String(refusals[0]?.detail)).toMatch(/(127\.0\.0\.1|::1) \(localhost resolved to it\): a loopback/);
});
