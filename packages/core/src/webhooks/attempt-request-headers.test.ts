import {
  type PackedRequestHeaders,
  packRequestHeaders,
  unpackRequestHeaders,
} from "./attempt-request-headers";
import { buildWebhookHeaders } from "./signature";

const ref = { deliveryId: "dlv_01M8EA478QQ3P3Y0MHQGBSQWEQ", event: "context.confirmed" };
const body = '{"event":"context.confirmed","data":{"a":1}}';
const secret = `whsec_${Buffer.alloc(32, 1).toString("base64")}`;
const previousSecret = `whsec_${Buffer.alloc(32, 2).toString("base64")}`;

/** The headers one attempt sends: the worker's, then the sender's user agent. */
const sent = (previous: string | null = null): Record<string, string> => ({
  ...buildWebhookHeaders({
    ...ref,
    body,
    sentAt: new Date(1_795_777_269_500),
    secret,
    previousSecret: previous,
  }),
  "user-agent": "ctxlog-webhooks/1.0",
});

describe("an attempt's stored request headers", () => {
  it("keep only the timestamp, the signatures and the user agent, and give back every header as sent", () => {
    const headers = sent();
    const stored = packRequestHeaders(headers, ref);
    // format 2: the MAC as bytes (base64url), the default user agent implied
    expect(stored).toEqual({
      "@v": 2,
      t: 1_795_777_269,
      s: Buffer.from(headers["x-service-signature"] as string, "hex").toString("base64url"),
      w: headers["webhook-signature"],
    });
    const unpacked = unpackRequestHeaders(JSON.parse(JSON.stringify(stored)), ref);
    expect(Object.entries(unpacked)).toEqual(Object.entries(headers)); // names, values and order
    expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(headers).length / 3);
  });

  it("keep a user agent other than the default", () => {
    const headers = { ...sent(), "user-agent": "acme-relay/2" };
    const stored = packRequestHeaders(headers, ref);
    expect(stored).toMatchObject({ "@v": 2, ua: "acme-relay/2" });
    expect(Object.entries(unpackRequestHeaders(stored, ref))).toEqual(Object.entries(headers));
  });

  it("refuse a signature that is not 64 lowercase hex digits (its bytes would not come back as sent)", () => {
    const headers = { ...sent(), "x-service-signature": "ABCDEF" };
    expect(() => packRequestHeaders(headers, ref)).toThrow(/are not the worker's/);
  });

  it("during a secret rotation: both signatures of each scheme", () => {
    const headers = sent(previousSecret);
    expect(headers["webhook-signature"]).toContain(" ");
    const stored = packRequestHeaders(headers, ref);
    expect(stored).toMatchObject({
      "@v": 2,
      p: Buffer.from(headers["x-service-signature-previous"] as string, "hex").toString("base64url"),
    });
    expect(Object.entries(unpackRequestHeaders(stored, ref))).toEqual(Object.entries(headers));
  });

  it.each([
    ["a header the template does not know", { ...sent(), "x-extra": "1" }],
    ["a value unlike the template's", { ...sent(), "content-type": "application/json; charset=utf-8" }],
    ["another delivery's id", { ...sent(), "webhook-id": "dlv_other" }],
    ["no user agent", (({ "user-agent": _, ...rest }) => rest)(sent())],
    ["a timestamp that is not a number", { ...sent(), "x-service-timestamp": "soon" }],
  ])("are refused when the packed form would not give them back exactly: %s", (_label, headers) => {
    expect(() => packRequestHeaders(headers as Record<string, string>, ref)).toThrow(/are not the worker's/);
  });

  it("are read from the packed form only (the forms written before were rewritten by the data step)", () => {
    const whole = { "content-type": "application/json", "x-service-delivery": "dlv_x" };
    const v1 = { "@v": 1, t: 1, s: "ab".repeat(32), w: "v1,x", ua: "a" };
    for (const older of [whole, v1, null])
      expect(() => unpackRequestHeaders(older as unknown as PackedRequestHeaders, ref)).toThrow(
        /not the packed form/,
      );
  });
});
