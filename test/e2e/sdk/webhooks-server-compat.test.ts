// Contract test: deliveries signed by the webhook worker's own header builder (@ctxlog/core, used
// here in a test only) must pass verifyWebhook — with a generated secret, a user-supplied one, and
// during a rotation. If the worker's key convention changes, this fails (see webhooks.ts).
import { buildWebhookHeaders, generateWebhookSecret } from "@ctxlog/core";
import { verifyWebhook, WebhookVerificationError } from "@ctxlog/sdk";

const body = JSON.stringify({
  event: "context.created",
  timestamp: new Date().toISOString(),
  data: { n: "é" },
});
const headersFor = (secret: string, previousSecret?: string) =>
  buildWebhookHeaders({
    deliveryId: "dlv_01JAZ0YQ8T9X2V3W4B5C6D7E8F",
    event: "context.created",
    body,
    sentAt: new Date(),
    secret,
    previousSecret: previousSecret ?? null,
  });

describe("verifyWebhook accepts what the webhook worker sends", () => {
  it.each([
    ["a generated whsec_ secret", generateWebhookSecret()],
    ["a user-supplied raw secret", "receiver-chosen-secret-0123456789abcdef"],
  ])("%s", (_label, secret) => {
    expect(verifyWebhook(body, headersFor(secret), secret)).toEqual(JSON.parse(body));
    expect(() => verifyWebhook(body, headersFor(secret), generateWebhookSecret())).toThrow(
      WebhookVerificationError,
    );
  });

  it("during a rotation, with either the new or the previous secret", () => {
    const [previous, next] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = headersFor(next, previous);
    expect(verifyWebhook(body, headers, next)).toEqual(JSON.parse(body));
    expect(verifyWebhook(body, headers, previous)).toEqual(JSON.parse(body));
  });
});
