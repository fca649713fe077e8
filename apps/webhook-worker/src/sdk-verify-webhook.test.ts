// Integration: real PostgreSQL, Redis, worker runtime and a loopback receiver. What the worker sends
// over the wire is checked by the SDK receivers use (`verifyWebhook` from @ctxlog/sdk).
import { generateWebhookSecret } from "@ctxlog/core";
import { rotateWebhookSecret } from "@ctxlog/db";
import { verifyWebhook, WebhookVerificationError } from "@ctxlog/sdk";
import { createWorkerHarness, type WorkerHarness } from "./testing/harness";

let h: WorkerHarness;
beforeAll(async () => {
  h = await createWorkerHarness();
});
afterAll(() => h.close());

const rejects = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof WebhookVerificationError;
  }
  return false;
};

describe("the SDK's verifyWebhook against real deliveries of the webhook worker", () => {
  it("accepts what the worker sends; rejects a changed byte, a wrong secret and a stale timestamp", async () => {
    const userId = await h.user();
    const r = await h.receiver(() => 200);
    const hook = await h.webhook(userId, `${r.url}/hooks`);
    await h.event(userId, "context.created", { context_id: "ctx_1", note: "é 🙂" });
    const [got] = await r.waitFor(1, 5_000);
    const body = got?.body ?? "";
    const headers = got?.headers ?? {};

    expect(verifyWebhook(body, headers, hook.secret)).toMatchObject({ event: "context.created" });
    const changed = body.replace("ctx_1", "ctx_2");
    expect(changed).not.toBe(body);
    expect(rejects(() => verifyWebhook(changed, headers, hook.secret))).toBe(true);
    expect(rejects(() => verifyWebhook(body, headers, generateWebhookSecret()))).toBe(true);
    expect(rejects(() => verifyWebhook(body, headers, hook.secret, { now: Date.now() + 6 * 60_000 }))).toBe(
      true,
    );
  });

  it("during a rotation, a receiver holding either secret accepts the delivery", async () => {
    const userId = await h.user();
    const r = await h.receiver(() => 200);
    const hook = await h.webhook(userId, `${r.url}/hooks`);
    const newSecret = generateWebhookSecret();
    await rotateWebhookSecret(h.db, userId, hook.id, { newSecret, keyring: h.keyring });
    await h.event(userId, "context.created", { context_id: "ctx_3" });
    const [got] = await r.waitFor(1, 5_000);
    expect(verifyWebhook(got?.body ?? "", got?.headers ?? {}, hook.secret)).toBeTruthy();
    expect(verifyWebhook(got?.body ?? "", got?.headers ?? {}, newSecret)).toBeTruthy();
  });
});
