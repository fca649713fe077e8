import { type AttemptExchange, decodeAttemptExchange, encodeAttemptExchange } from "./attempt-exchange";
import { type PackedRequestHeaders, packRequestHeaders } from "./attempt-request-headers";
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
  it("gives back a typical attempt exactly, in under 140 bytes (its JSON columns took ~350)", () => {
    const exchange: AttemptExchange = {
      request: { url: "http://127.0.0.1:41481/hook", headers: packRequestHeaders(sentHeaders(), REF) },
      response: { headers: NODE_RESPONSE, bodyTruncated: false },
    };
    const stored = encodeAttemptExchange(exchange);
    expect(roundTrip(exchange)).toEqual(exchange);
    expect(stored.length).toBeLessThan(140);
    const json =
      JSON.stringify(exchange.request?.headers) + JSON.stringify(NODE_RESPONSE) + exchange.request?.url;
    expect(stored.length).toBeLessThan(json.length / 2);
  });

  it("takes each MAC out as its 32 bytes, and gives back the headers as sent", () => {
    const previous = "aa".repeat(32);
    for (const headers of [sentHeaders(), sentHeaders({ previous })]) {
      const packed = packRequestHeaders(headers, REF);
      const exchange = { request: { url: "https://example.com/h", headers: packed }, response: null };
      expect(roundTrip(exchange)).toEqual(exchange);
      // the stored bytes hold each MAC raw: 2 (or 3) of them ahead of the compressed rest
      const stored = encodeAttemptExchange(exchange);
      expect(stored[1]).toBe("x-service-signature-previous" in headers ? 7 : 3);
      expect(stored.subarray(2, 34).toString("hex")).toBe(MAC);
    }
  });

  it("keeps in the JSON what is not exactly a MAC's spelling", () => {
    // two signatures during a secret rotation; a non-default agent
    const rotating = sentHeaders({ standard: "v1,zWqXQd11AH1Qm5OiFBofndzGPLV6hZME+BLf03J2dsw= v1,abc=" });
    const cases: PackedRequestHeaders[] = [
      packRequestHeaders(rotating, REF),
      packRequestHeaders(sentHeaders({ userAgent: "custom/2" }), REF),
      // a non-canonical base64url spelling (trailing bits set) is not taken out: it would come back changed
      {
        "@v": 2,
        t: 1,
        s: "O2a-kEgKIpfQBXBtIqg90Cu3tUs-XyB4CIgczma7shR",
        w: "v1,zWqXQd11AH1Qm5OiFBofndzGPLV6hZME+BLf03J2dsw=",
      },
    ];
    for (const headers of cases) {
      const exchange = { request: { url: "https://example.com/h", headers }, response: null };
      expect(roundTrip(exchange)).toEqual(exchange);
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
