// Integration: real PostgreSQL and Redis, the real app on a loopback port (raw bytes need fetch:
// supertest re-serializes a Buffer sent as JSON).

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { readContext } from "@ctxlog/db/testing";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../testing/harness";

let h: TestHarness;
let t: Tenant;
let server: Server;
let base: string;

beforeAll(async () => {
  h = await createTestHarness({ WEBHOOK_ALLOW_INSECURE_URLS: "true", WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
  t = await h.tenant();
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

const MALFORMED_PATHS = [
  "/v1/contexts/%zz",
  "/v1/contexts/%",
  "/v1/webhooks/%E0%A4%A",
  "/v1/contexts/%zz/proof",
  "/v1/webhooks/wh_x/deliveries/%zz",
];

describe("a path parameter that is not valid percent-encoding", () => {
  it.each(MALFORMED_PATHS)("GET %s with a valid key is 400 VALIDATION_ERROR, not 500", async (path) => {
    const res = await h.request.get(path).set(bearer(t.keys.full));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "VALIDATION_ERROR", request_id: expect.any(String) });
    // the router's message quotes the raw value ("Failed to decode param '%zz'"): never echoed
    expect(res.body.error.message).not.toMatch(/decode param|%/);
  });

  // the router decodes parameters while it matches, before any route's chain (and its
  // authentication) runs: such a path is no route's, and the answer tells nothing of any user
  it.each(MALFORMED_PATHS)("GET %s without a key is the same 400 (no route matched)", async (path) => {
    const res = await h.request.get(path);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
  });

  it("the same on a POST route", async () => {
    const res = await h.request.post("/v1/contexts/%zz/retry").set(bearer(t.keys.full));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
  });
});

describe("framework and parser errors carrying a 4xx status", () => {
  it("a gzip body that does not inflate is 400, not 500", async () => {
    const res = await fetch(`${base}/v1/contexts`, {
      method: "POST",
      headers: { ...bearer(t.keys.full), "content-type": "application/json", "content-encoding": "gzip" },
      body: "not gzip at all",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_ERROR");
  });

  it("a valid gzip body is still accepted", async () => {
    const res = await fetch(`${base}/v1/contexts`, {
      method: "POST",
      headers: { ...bearer(t.keys.full), "content-type": "application/json", "content-encoding": "gzip" },
      body: gzipSync(JSON.stringify({ agent_id: "agent-gz", context_data: { ok: true } })),
    });
    expect(res.status).toBe(202);
  });
});

/** `{"agent_id":"agent-utf8","context_data":{"note":"<bytes>"}}` around raw bytes. */
const contextBody = (bytes: number[]) =>
  Buffer.concat([
    Buffer.from('{"agent_id":"agent-utf8","context_data":{"note":"'),
    Buffer.from(bytes),
    Buffer.from('"}}'),
  ]);

const postRaw = (path: string, body: Buffer, contentType = "application/json") =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { ...bearer(t.keys.full), "content-type": contentType },
    body,
  });

describe("a body that is not valid UTF-8", () => {
  it.each([
    ["a stray continuation byte", [0x80]],
    ["an invalid lead byte", [0xff, 0xfe]],
    ["a truncated sequence", [0xe2, 0x82]],
    ["an overlong encoding", [0xc0, 0xaf]],
    ["an encoded surrogate", [0xed, 0xa0, 0x80]],
  ])("POST /v1/contexts with %s is 400 INVALID_JSON and writes nothing", async (_name, bytes) => {
    const before = await h.db.context.count();
    const res = await postRaw("/v1/contexts", contextBody(bytes));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("INVALID_JSON");
    expect(await h.db.context.count()).toBe(before);
  });

  it("valid multi-byte UTF-8 is stored exactly as sent", async () => {
    const res = await postRaw("/v1/contexts", contextBody([...Buffer.from("é€😀")]));
    expect(res.status).toBe(202);
    const body = (await res.json()) as { context_id: string };
    const row = await readContext(h.db, body.context_id);
    expect(row.contextData).toEqual({ note: "é€😀" });
  });

  it("a UTF-16 charset is refused (415) rather than decoded", async () => {
    const before = await h.db.context.count();
    const json = JSON.stringify({ agent_id: "agent-utf16", context_data: {} });
    const res = await postRaw(
      "/v1/contexts",
      Buffer.from(json, "utf16le"),
      "application/json; charset=utf-16le",
    );
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(await h.db.context.count()).toBe(before);
  });

  it("POST /v1/webhooks with invalid UTF-8 in its description is 400 INVALID_JSON and writes nothing", async () => {
    const before = await h.db.webhook.count();
    const body = Buffer.concat([
      Buffer.from('{"url":"http://127.0.0.1:9/hooks","events":["context.created"],"description":"caf'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const res = await postRaw("/v1/webhooks", body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("INVALID_JSON");
    expect(await h.db.webhook.count()).toBe(before);
  });
});
