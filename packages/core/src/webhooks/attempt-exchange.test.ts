import { type AttemptExchange, decodeAttemptExchange, encodeAttemptExchange } from "./attempt-exchange";
import { packRequestHeaders } from "./attempt-request-headers";
import { webhookHeadersOf } from "./signature";

const REF = { deliveryId: "dlv_01M8F8R67DGNEVPDTP2H6XV61W", event: "context.created" };
const MAC = "3b66be48480a2297d005706d22a83dd02bb7b54b3e5f2078088833ce66bbb214";

function sentHeaders(extra: { previous?: string; standard?: string; userAgent?: string } = {}) {
  return {
    ...webhookHeadersOf({
      deliveryId: REF.deliveryId,
      event: REF.event,
      timestamp: 1795808827,
      serviceSignature: MAC,
      standardSignatures: extra.standard ?? "v1,zWqXQd11AH1Qm5OiFBofndzGPLV6hZME+BLf03J2dsw=",
      ...(extra.previous ? { previousServiceSignature: extra.previous } : {}),
    }),
    "user-agent": extra.userAgent ?? "ctxlog-webhooks/1.0",
  };
}

const NODE_RESPONSE = {
  date: "Fri, 27 Nov 2026 19:47:07 GMT",
  connection: "keep-alive",
  "keep-alive": "timeout=5",
  "content-type": "text/plain",
  "transfer-encoding": "chunked",
};

const roundTrip = (exchange: AttemptExchange) => decodeAttemptExchange(encodeAttemptExchange(exchange));

describe("attempt exchange", () => {
  it("gives back a typical attempt exactly, in under 80 bytes (its JSON columns took ~350)", () => {
    const exchange: AttemptExchange = {
      request: { url: "http://127.0.0.1:41481/hook", headers: packRequestHeaders(sentHeaders(), REF) },
      response: { headers: NODE_RESPONSE, bodyTruncated: false },
    };
    const stored = encodeAttemptExchange(exchange);
    expect(roundTrip(exchange)).toEqual(exchange);
    expect(stored[0]).toBe(2);
    expect(stored.length).toBeLessThan(80);
    const json =
      JSON.stringify(exchange.request?.headers) + JSON.stringify(NODE_RESPONSE) + exchange.request?.url;
    expect(stored.length).toBeLessThan(json.length / 2);
  });

  it("keeps no signature, whichever were sent (a rotation's two, another user agent)", () => {
    const rotating = sentHeaders({
      previous: "aa".repeat(32),
      standard: "v1,zWqXQd11AH1Qm5OiFBofndzGPLV6hZME+BLf03J2dsw= v1,abc=",
    });
    for (const headers of [sentHeaders(), rotating, sentHeaders({ userAgent: "custom/2" })]) {
      const exchange = {
        request: { url: "https://example.com/h", headers: packRequestHeaders(headers, REF) },
        response: null,
      };
      const stored = encodeAttemptExchange(exchange);
      expect(roundTrip(exchange)).toEqual(exchange);
      expect(stored.includes(Buffer.from(MAC, "hex"))).toBe(false);
      expect(stored.toString("latin1")).not.toContain("zWqXQd11");
    }
  });

  it("says what was not sent or did not come back", () => {
    expect(roundTrip({ request: null, response: null })).toEqual({ request: null, response: null });
    const noHeaders = { request: { url: "https://example.com/h", headers: null }, response: null };
    expect(roundTrip(noHeaders)).toEqual(noHeaders);
    const cut = {
      request: null,
      response: {
        headers: { "set-cookie": ["a=1", "b=2"], "content-type": "text/html; charset=utf-8" },
        bodyTruncated: true,
      },
    };
    expect(roundTrip(cut)).toEqual(cut);
  });

  it("refuses a format it does not know", () => {
    const stored = encodeAttemptExchange({ request: null, response: null });
    stored[0] = 9;
    expect(() => decodeAttemptExchange(stored)).toThrow(/unknown attempt exchange format 9/);
  });
});
