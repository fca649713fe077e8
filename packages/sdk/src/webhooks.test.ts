// verifyWebhook against deliveries produced independently: the `standardwebhooks` reference library
// signs webhook-signature, node:crypto signs X-Service-Signature.
import { createHmac, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { WebhookVerificationError } from "./errors";
import { verifyWebhook } from "./webhooks";

const secret = `whsec_${randomBytes(32).toString("base64")}`;
const otherSecret = `whsec_${randomBytes(32).toString("base64")}`;
const body = JSON.stringify({
  event: "context.confirmed",
  timestamp: "2025-01-31T12:00:00.000Z",
  data: { context_id: "ctx_01", agent_id: "agent-ü", note: "😀 bytes beyond ASCII" },
});

/** The key convention this SDK assumes (see the top of webhooks.ts): base64-decoded after whsec_. */
const keyOf = (s: string) => Buffer.from(s.slice("whsec_".length), "base64");
const serviceSignature = (s: string, payload: string | Buffer) =>
  createHmac("sha256", keyOf(s)).update(payload).digest("hex");

/** Headers as the webhook worker sends them, signed by the reference implementations. */
function deliver(opts: { secret?: string; payload?: string; at?: Date; id?: string } = {}) {
  const s = opts.secret ?? secret;
  const payload = opts.payload ?? body;
  const at = opts.at ?? new Date();
  const id = opts.id ?? "dlv_01JAZ0YQ8T9X2V3W4B5C6D7E8F";
  return {
    "content-type": "application/json",
    "x-service-signature": serviceSignature(s, payload),
    "x-service-event": "context.confirmed",
    "x-service-delivery": id,
    "x-service-timestamp": at.toISOString(),
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(s).sign(id, at, payload),
  } as Record<string, string>;
}

const reason = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return "accepted";
};

describe("verifyWebhook", () => {
  it("accepts a correct delivery and returns the parsed event (string, Buffer, fetch Headers)", () => {
    const headers = deliver();
    expect(verifyWebhook(body, headers, secret)).toEqual(JSON.parse(body));
    expect(verifyWebhook(Buffer.from(body), headers, secret)).toEqual(JSON.parse(body));
    expect(verifyWebhook(new Uint8Array(Buffer.from(body)), new Headers(headers), secret)).toEqual(
      JSON.parse(body),
    );
  });

  it("agrees with the reference library on what it accepts", () => {
    const headers = deliver();
    expect(new Webhook(secret).verify(body, headers)).toEqual(verifyWebhook(body, headers, secret));
  });

  it("accepts X-Service-Signature keyed with the whole secret string too (the worker's current choice)", () => {
    const headers = {
      ...deliver(),
      "x-service-signature": createHmac("sha256", secret).update(body).digest("hex"),
    };
    expect(reason(() => verifyWebhook(body, headers, secret))).toBe("accepted");
    const wrong = {
      ...headers,
      "x-service-signature": createHmac("sha256", otherSecret).update(body).digest("hex"),
    };
    expect(reason(() => verifyWebhook(body, wrong, secret))).toBe("invalid_signature");
  });

  it("a user-supplied secret without whsec_ keys both signatures with its UTF-8 bytes", () => {
    const raw = "my-own-secret-of-at-least-32-printable-chars!";
    const at = new Date();
    const id = "dlv_raw";
    const headers = {
      "x-service-signature": createHmac("sha256", raw).update(body).digest("hex"),
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(raw, { format: "raw" }).sign(id, at, body),
    };
    expect(reason(() => verifyWebhook(body, headers, raw))).toBe("accepted");
    expect(reason(() => verifyWebhook(body, headers, `${raw}x`))).toBe("invalid_signature");
  });

  it("matches header names case-insensitively", () => {
    const headers = Object.fromEntries(Object.entries(deliver()).map(([k, v]) => [k.toUpperCase(), v]));
    expect(reason(() => verifyWebhook(body, headers, secret))).toBe("accepted");
  });

  it("rejects a body with one byte changed", () => {
    const headers = deliver();
    const changed = body.replace("ctx_01", "ctx_02");
    expect(reason(() => verifyWebhook(changed, headers, secret))).toBe("invalid_signature");
    const bytes = Buffer.from(body);
    const at = bytes.length - 2;
    bytes.writeUInt8(bytes.readUInt8(at) ^ 1, at);
    expect(reason(() => verifyWebhook(bytes, headers, secret))).toBe("invalid_signature");
  });

  it("rejects a delivery signed with another secret", () => {
    expect(reason(() => verifyWebhook(body, deliver({ secret: otherSecret }), secret))).toBe(
      "invalid_signature",
    );
  });

  it("rejects a valid webhook-signature when X-Service-Signature is wrong, and the reverse", () => {
    const good = deliver();
    const badService = { ...good, "x-service-signature": serviceSignature(otherSecret, body) };
    expect(reason(() => verifyWebhook(body, badService, secret))).toBe("invalid_signature");
    const badStandard = {
      ...good,
      "webhook-signature": deliver({ secret: otherSecret })["webhook-signature"],
    };
    expect(reason(() => verifyWebhook(body, badStandard as Record<string, string>, secret))).toBe(
      "invalid_signature",
    );
  });

  it("rejects a replayed webhook-id or timestamp (they are signed)", () => {
    const headers = deliver();
    expect(reason(() => verifyWebhook(body, { ...headers, "webhook-id": "dlv_other" }, secret))).toBe(
      "invalid_signature",
    );
    const shifted = String(Number(headers["webhook-timestamp"]) - 10);
    expect(reason(() => verifyWebhook(body, { ...headers, "webhook-timestamp": shifted }, secret))).toBe(
      "invalid_signature",
    );
  });

  it("rejects a stale timestamp (> 5 minutes) and one too far ahead, accepts within tolerance", () => {
    const now = Date.now();
    const stale = deliver({ at: new Date(now - 301_000) });
    expect(reason(() => verifyWebhook(body, stale, secret, { now }))).toBe("timestamp_too_old");
    expect(() => new Webhook(secret).verify(body, stale)).toThrow("too old"); // the reference agrees
    expect(reason(() => verifyWebhook(body, deliver({ at: new Date(now + 301_000) }), secret, { now }))).toBe(
      "timestamp_too_new",
    );
    expect(reason(() => verifyWebhook(body, deliver({ at: new Date(now - 299_000) }), secret, { now }))).toBe(
      "accepted",
    );
    expect(reason(() => verifyWebhook(body, stale, secret, { now, toleranceSeconds: 600 }))).toBe("accepted");
  });

  it("accepts any one of several space-separated signatures (secret rotation)", () => {
    const headers = deliver();
    const fromOld = deliver({ secret: otherSecret })["webhook-signature"];
    const both = { ...headers, "webhook-signature": `${fromOld} v2,ignored ${headers["webhook-signature"]}` };
    expect(reason(() => verifyWebhook(body, both, secret))).toBe("accepted");
    const onlyOld = { ...headers, "webhook-signature": `${fromOld} v2,ignored` };
    expect(reason(() => verifyWebhook(body, onlyOld, secret))).toBe("invalid_signature");
  });

  it("during a rotation, a receiver still holding the previous secret accepts X-Service-Signature-Previous", () => {
    const signedWithNew = deliver({ secret: otherSecret });
    const rotating = {
      ...signedWithNew,
      "x-service-signature-previous": serviceSignature(secret, body),
      "webhook-signature": `${signedWithNew["webhook-signature"]} ${deliver()["webhook-signature"]}`,
    };
    expect(reason(() => verifyWebhook(body, rotating, secret))).toBe("accepted");
    expect(reason(() => verifyWebhook(body, rotating, otherSecret))).toBe("accepted");
    expect(reason(() => verifyWebhook(body, signedWithNew, secret))).toBe("invalid_signature");
    // ...and one holding both secrets accepts either delivery.
    expect(reason(() => verifyWebhook(body, signedWithNew, [secret, otherSecret]))).toBe("accepted");
  });

  it.each(["x-service-signature", "webhook-id", "webhook-timestamp", "webhook-signature"])(
    "rejects a delivery without %s",
    (name) => {
      const headers = deliver();
      delete headers[name];
      expect(reason(() => verifyWebhook(body, headers, secret))).toBe("missing_header");
    },
  );

  it.each([
    ["a non-numeric timestamp", "invalid_timestamp", { "webhook-timestamp": "yesterday" }],
    [
      "an X-Service-Signature that is not hex",
      "invalid_signature",
      { "x-service-signature": "zz".repeat(32) },
    ],
    ["an upper-case copy of the right signature", "accepted", {}],
  ] as const)("%s → %s", (_label, expected, change) => {
    const headers = deliver();
    headers["x-service-signature"] = headers["x-service-signature"]?.toUpperCase() as string;
    expect(reason(() => verifyWebhook(body, { ...headers, ...change }, secret))).toBe(expected);
  });

  it("refuses a parsed body with a hint instead of verifying re-serialized JSON", () => {
    expect(() => verifyWebhook(JSON.parse(body), deliver(), secret)).toThrow(/express\.raw/);
  });

  it("a signed body that is not JSON is invalid_body", () => {
    const payload = "not json";
    expect(reason(() => verifyWebhook(payload, deliver({ payload }), secret))).toBe("invalid_body");
  });
});
