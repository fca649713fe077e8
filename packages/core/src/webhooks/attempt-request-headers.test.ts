import {
  keptRequestHeaders,
  type PackedRequestHeaders,
  packRequestHeaders,
  unpackRequestHeaders,
} from "./attempt-request-headers";
import { buildWebhookHeaders, SIGNATURE_HEADERS } from "./signature";

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

const withoutSignatures = (headers: Record<string, string>) =>
  Object.entries(headers).filter(([name]) => !(SIGNATURE_HEADERS as readonly string[]).includes(name));

describe("an attempt's stored request headers", () => {
  it("keep only the timestamp and the user agent, and give back every header as sent but the signatures", () => {
    const headers = sent();
    const stored = packRequestHeaders(headers, ref);
    // format 3: the default user agent implied, no signature
    expect(stored).toEqual({ "@v": 3, t: 1_795_777_269 });
    const unpacked = unpackRequestHeaders(JSON.parse(JSON.stringify(stored)), ref);
    expect(Object.entries(unpacked)).toEqual(withoutSignatures(headers)); // names, values and order
    expect(Object.keys(unpacked)).toEqual([
      "content-type",
      "x-service-event",
      "x-service-delivery",
      "x-service-timestamp",
      "webhook-id",
      "webhook-timestamp",
      "user-agent",
    ]);
    expect(keptRequestHeaders(headers)).toEqual(unpacked);
  });

  it("keep a user agent other than the default", () => {
    const headers = { ...sent(), "user-agent": "acme-relay/2" };
    const stored = packRequestHeaders(headers, ref);
    expect(stored).toEqual({ "@v": 3, t: 1_795_777_269, ua: "acme-relay/2" });
    expect(Object.entries(unpackRequestHeaders(stored, ref))).toEqual(withoutSignatures(headers));
  });

  it("during a secret rotation: neither scheme's signatures, nor the previous one, are kept", () => {
    const headers = sent(previousSecret);
    expect(headers["webhook-signature"]).toContain(" ");
    expect(headers["x-service-signature-previous"]).toMatch(/^[0-9a-f]{64}$/);
    const stored = packRequestHeaders(headers, ref);
    expect(stored).toEqual({ "@v": 3, t: 1_795_777_269 });
    expect(Object.entries(unpackRequestHeaders(stored, ref))).toEqual(withoutSignatures(headers));
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

  it("are read from the packed form only (the forms written before were rewritten by the data steps)", () => {
    const whole = { "content-type": "application/json", "x-service-delivery": "dlv_x" };
    const v1 = { "@v": 1, t: 1, s: "ab".repeat(32), w: "v1,x", ua: "a" };
    const v2 = { "@v": 2, t: 1, s: "q".repeat(43), w: "v1,x" };
    for (const older of [whole, v1, v2, null])
      expect(() => unpackRequestHeaders(older as unknown as PackedRequestHeaders, ref)).toThrow(
        /not the packed form/,
      );
  });
});
