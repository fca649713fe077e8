// Integration: real HTTP receivers on loopback; the sender's real undici pool. The SSRF cases only
// ever point at loopback listeners, so a broken guard could not send traffic anywhere else.

import type { LookupAddress } from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadScaledSlackMs } from "@ctxlog/core/testing";
import { DESTINATION_NOT_ALLOWED } from "./guarded-connector";
import { createWebhookSender, RESPONSE_BODY_KEPT_BYTES, type WebhookSender } from "./sender";
import { type Receiver, startReceiver } from "./testing";

const body = '{"event":"context.created","timestamp":"2026-01-02T03:04:05.678Z","data":{"x":"é"}}';
const headers = { "content-type": "application/json", "x-service-event": "context.created" };

const open: { close(): Promise<void> }[] = [];
async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const r = await startReceiver(...args);
  open.push(r);
  return r;
}
function sender(opts: Parameters<typeof createWebhookSender>[0]): WebhookSender {
  const s = createWebhookSender(opts);
  open.push(s);
  return s;
}
afterAll(async () => {
  await Promise.all(open.map((o) => o.close()));
});

const dev = { allowInsecure: true, allowPrivate: true, timeoutMs: 1_000 };

describe("createWebhookSender — outcomes (real receivers on 127.0.0.1)", () => {
  it("POSTs the exact bytes and headers; a 2xx succeeds", async () => {
    const r = await receiver(() => 200);
    const result = await sender(dev).send({ url: `${r.url}/hook?a=1`, body, headers });
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const [got] = await r.waitFor(1);
    expect(got).toMatchObject({ method: "POST", path: "/hook?a=1", body });
    expect(got?.headers["content-type"]).toBe("application/json");
    expect(got?.headers["x-service-event"]).toBe("context.created");
    expect(got?.headers["user-agent"]).toMatch(/^ctxlog-webhooks\//);
  });

  it.each([201, 204, 299])("any 2xx (%i) succeeds", async (status) => {
    const r = await receiver(() => status);
    expect((await sender(dev).send({ url: r.url, body, headers })).ok).toBe(true);
  });

  it.each([400, 404, 410, 500, 503])("HTTP %i fails the attempt with its status", async (status) => {
    const r = await receiver(() => status);
    expect(await sender(dev).send({ url: r.url, body, headers })).toMatchObject({
      ok: false,
      status,
      error: `HTTP ${status}`,
    });
  });

  it("keeps what was sent and what came back: headers, status and the body's first 4 KiB", async () => {
    const r = await receiver(() => ({
      status: 500,
      headers: { "content-type": "text/plain", "x-trace": "abc" },
      body: "database is down\u0000é",
    }));
    const result = await sender(dev).send({ url: r.url, body, headers });
    expect(result.requestHeaders).toMatchObject({
      ...headers,
      "user-agent": expect.stringMatching(/^ctxlog/),
    });
    expect(result.response).toMatchObject({
      headers: { "content-type": "text/plain", "x-trace": "abc" },
      body: "database is down\ufffdé",
      bodyTruncated: false,
    });

    const long = `${"é".repeat(RESPONSE_BODY_KEPT_BYTES)}`; // 2 bytes each: twice the limit
    const big = await receiver(() => ({ status: 200, body: long }));
    const cut = await sender(dev).send({ url: big.url, body, headers });
    expect(cut.ok).toBe(true);
    expect(cut.response?.bodyTruncated).toBe(true);
    expect(Buffer.byteLength(cut.response?.body ?? "")).toBe(RESPONSE_BODY_KEPT_BYTES);
    expect(cut.response?.body).toBe("é".repeat(RESPONSE_BODY_KEPT_BYTES / 2));
  });

  it("no response, no response record: a refused connection keeps only the request", async () => {
    const r = await receiver(() => 200);
    await r.close();
    const result = await sender(dev).send({ url: r.url, body, headers });
    expect(result).toMatchObject({ ok: false, status: null, response: null });
    expect(result.requestHeaders).toMatchObject(headers);
  });

  it("a 302 fails the attempt and is not followed", async () => {
    const target = await receiver(() => 200);
    const r = await receiver(() => ({ status: 302, headers: { location: `${target.url}/elsewhere` } }));
    const result = await sender(dev).send({ url: r.url, body, headers });
    expect(result).toMatchObject({ ok: false, status: 302 });
    expect(result.error).toMatch(/redirects are not followed/);
    await new Promise((res) => setTimeout(res, 100)); // deliberate: the redirect target must NOT be called
    expect(target.requests).toHaveLength(0);
    expect(target.connections()).toBe(0);
  });

  it("a receiver slower than the timeout fails the attempt (1.2 s reply, 1 s timeout)", async () => {
    const r = await receiver(() => ({ status: 200, delayMs: 1_200 }));
    const result = await sender(dev).send({ url: r.url, body, headers });
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toMatch(/no complete response within 1000 ms/);
    expect(result.durationMs).toBeGreaterThanOrEqual(990);
    expect(result.durationMs).toBeLessThan(1_000 + loadScaledSlackMs(150)); // the timeout plus slack
  });

  it("a response whose body does not complete in time fails the attempt", async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-length": "100" });
      res.write("only part of the body");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await sender(dev).send({ url: `http://127.0.0.1:${port}/`, body, headers });
      expect(result).toMatchObject({ ok: false, status: null });
      expect(result.error).toMatch(/no complete response within 1000 ms/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("defaults to the spec's 10 s timeout", () => {
    expect(sender({}).timeoutMs).toBe(10_000);
  });

  it("a refused connection fails the attempt with a clear message", async () => {
    const r = await receiver();
    await r.close();
    const result = await sender(dev).send({ url: r.url, body, headers });
    expect(result).toMatchObject({ ok: false, status: null, error: "connection refused" });
  });

  it("refuses plain http unless allowed, without connecting", async () => {
    const r = await receiver();
    const result = await sender({ allowPrivate: true }).send({ url: r.url, body, headers });
    expect(result.error).toMatch(/plain http is not allowed/);
    expect(r.connections()).toBe(0);
  });
});

describe("createWebhookSender — SSRF guard at connect time (loopback listeners on 127.0.0.1 and ::1)", () => {
  let r4: Receiver;
  let r6: Receiver;
  let guarded: WebhookSender;
  const resolver =
    (addresses: LookupAddress[]) =>
    (_host: string, _opts: unknown, cb: (err: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) =>
      setImmediate(() => cb(null, addresses));

  beforeAll(async () => {
    r4 = await receiver(() => 200);
    r6 = await receiver(() => 200, { host: "::1" });
    guarded = sender({ allowInsecure: true, allowPrivate: false, timeoutMs: 1_000 });
  });

  const cases: [string, () => string, RegExp][] = [
    ["127.0.0.1", () => `http://127.0.0.1:${r4.port}/`, /127\.0\.0\.1: a loopback address/],
    ["localhost (resolved by DNS)", () => `http://localhost:${r4.port}/`, /loopback/],
    ["decimal 2130706433", () => `http://2130706433:${r4.port}/`, /127\.0\.0\.1: a loopback/],
    ["octal 0177.0.0.1", () => `http://0177.0.0.1:${r4.port}/`, /127\.0\.0\.1: a loopback/],
    ["hex 0x7f.1", () => `http://0x7f.1:${r4.port}/`, /127\.0\.0\.1: a loopback/],
    ["short 127.1", () => `http://127.1:${r4.port}/`, /127\.0\.0\.1: a loopback/],
    [
      "IPv4-mapped [::ffff:127.0.0.1]",
      () => `http://[::ffff:127.0.0.1]:${r4.port}/`,
      /127\.0\.0\.1 \(written ::ffff:7f00:1\): a loopback/,
    ],
    ["IPv6 [::1]", () => `http://[::1]:${r6.port}/`, /::1: a loopback/],
  ];

  it.each(cases)(
    "%s → refused: the recorded error names no address, the operator's detail does",
    async (_name, url, message) => {
      const result = await guarded.send({ url: url(), body, headers });
      expect(result).toMatchObject({ ok: false, status: null, error: DESTINATION_NOT_ALLOWED });
      expect(result.operatorDetail).toMatch(message);
      expect(result.operatorDetail).toMatch(/SSRF protection/);
    },
  );

  it("a name that resolves to loopback when connecting is refused (no DNS-rebinding gap)", async () => {
    const rebinding = sender({
      allowInsecure: true,
      allowPrivate: false,
      timeoutMs: 1_000,
      resolve: resolver([{ address: "127.0.0.1", family: 4 }]),
    });
    const result = await rebinding.send({ url: `http://rebind.example:${r4.port}/`, body, headers });
    expect(result.error).toBe(DESTINATION_NOT_ALLOWED);
    expect(result.error).not.toMatch(/rebind|127\.0\.0\.1/);
    expect(result.operatorDetail).toMatch(/127\.0\.0\.1 \(rebind\.example resolved to it\): a loopback/);
  });

  it("a name with one public and one loopback address is refused", async () => {
    const mixed = sender({
      allowInsecure: true,
      allowPrivate: false,
      timeoutMs: 1_000,
      resolve: resolver([
        { address: "93.184.216.34", family: 4 },
        { address: "::ffff:127.0.0.1", family: 6 },
      ]),
    });
    const result = await mixed.send({ url: `http://mixed.example:${r4.port}/`, body, headers });
    expect(result.error).toBe(DESTINATION_NOT_ALLOWED);
    expect(result.operatorDetail).toMatch(/127\.0\.0\.1 \(mixed\.example resolved to it\)/);
  });

  it("the loopback listeners saw zero connections", () => {
    expect(r4.connections()).toBe(0);
    expect(r6.connections()).toBe(0);
    expect(r4.requests).toHaveLength(0);
  });

  it("WEBHOOK_ALLOW_PRIVATE_URLS=true (development) lets loopback through", async () => {
    const local = await receiver(() => 200);
    const result = await sender(dev).send({ url: `http://localhost:${local.port}/`, body, headers });
    expect(result.ok).toBe(true);
    expect(local.connections()).toBe(1);
  });
});
