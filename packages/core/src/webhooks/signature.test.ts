import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { generateWebhookSecret, standardWebhooksKey, webhookSecretProblem } from "./secrets";
import { buildWebhookHeaders, serviceSignature, verifyServiceSignature } from "./signature";

const body = '{"event":"context.created","timestamp":"2026-01-02T03:04:05.678Z","data":{"a":"é"}}';
const sentAt = new Date();

describe("webhook secrets", () => {
  it("generates whsec_ + base64 of 32 random bytes (256 bits)", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(standardWebhooksKey(secret)).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
    expect(webhookSecretProblem(secret)).toBeNull();
  });

  it("accepts supplied secrets in the Standard Webhooks form or as 32+ printable characters", () => {
    expect(webhookSecretProblem(`whsec_${Buffer.alloc(24, 7).toString("base64")}`)).toBeNull();
    expect(webhookSecretProblem("my-own-secret-that-is-long-enough-123")).toBeNull();
  });

  it.each([
    ["too short", "short-secret"],
    ["with a space", "a secret with spaces that is long enough"],
    ["non-ASCII", "ééééééééééééééééééééééééééééééééé"],
    ["whsec_ with bad base64", "whsec_not*base64"],
    ["whsec_ with too few bytes", `whsec_${Buffer.alloc(8).toString("base64")}`],
    ["whsec_ with too many bytes", `whsec_${Buffer.alloc(80).toString("base64")}`],
    ["too long", "x".repeat(257)],
  ])("refuses a supplied secret %s", (_name, secret) => {
    expect(webhookSecretProblem(secret)).toEqual(expect.any(String));
  });
});

describe("webhook signatures", () => {
  it("X-Service-Signature is the hex HMAC-SHA256 of the raw body keyed with the secret string", () => {
    const secret = generateWebhookSecret();
    const expected = createHmac("sha256", secret).update(body).digest("hex");
    expect(serviceSignature(secret, body)).toBe(expected);
    expect(verifyServiceSignature(secret, body, expected)).toBe(true);
    expect(verifyServiceSignature(secret, `${body} `, expected)).toBe(false);
    expect(verifyServiceSignature(secret, body, expected.toUpperCase())).toBe(false);
    expect(verifyServiceSignature(secret, body, "00")).toBe(false);
  });

  it("builds headers the standardwebhooks library verifies", () => {
    const secret = generateWebhookSecret();
    const headers = buildWebhookHeaders({
      deliveryId: "dlv_01JD0000000000000000000000",
      event: "context.created",
      body,
      sentAt,
      secret,
    });
    expect(headers).toMatchObject({
      "content-type": "application/json",
      "x-service-event": "context.created",
      "x-service-delivery": "dlv_01JD0000000000000000000000",
      "webhook-id": "dlv_01JD0000000000000000000000",
      "x-service-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
      "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    });
    expect(headers["x-service-signature-previous"]).toBeUndefined();
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("a supplied raw secret verifies with the library's raw format", () => {
    const secret = "my-own-secret-that-is-long-enough-123";
    const headers = buildWebhookHeaders({
      deliveryId: "dlv_1",
      event: "context.failed",
      body,
      sentAt,
      secret,
    });
    expect(new Webhook(secret, { format: "raw" }).verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers["x-service-signature"]).toBe(createHmac("sha256", secret).update(body).digest("hex"));
  });

  it("signs with both secrets during a rotation overlap", () => {
    const previous = generateWebhookSecret();
    const current = generateWebhookSecret();
    const headers = buildWebhookHeaders({
      deliveryId: "dlv_2",
      event: "context.confirmed",
      body,
      sentAt,
      secret: current,
      previousSecret: previous,
    });
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
    expect(headers["x-service-signature"]).toBe(serviceSignature(current, body));
    expect(headers["x-service-signature-previous"]).toBe(serviceSignature(previous, body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });
});
