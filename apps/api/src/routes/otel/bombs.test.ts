// Integration: real PostgreSQL and Redis, the real app on a loopback port (fetch sends raw bytes).
// Decompression and span bombs are refused (413 or 429) without being decoded, while /healthz keeps
// answering; the time and memory they cost are measured by bench/otel.js ("bombs"), not here.

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync, gzipSync } from "node:zlib";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";
import {
  emptyGroupsJson,
  emptyGroupsProtobuf,
  emptySpansJson,
  emptySpansProtobuf,
  spansInGroupsProtobuf,
} from "../../testing/otlp-bombs";
import { otlpProtobuf } from "../../testing/otlp-fixtures";

let h: TestHarness;
let t: Tenant;
let server: Server;
let base: string;

beforeAll(async () => {
  h = await createTestHarness({ PLAN_RATE_LIMITS: "free:100000,small:5", RATE_LIMIT_WINDOW_SECONDS: "60" });
  t = await h.tenant();
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

const OTLP = "/v1/otel/v1/traces";
const PROTO = "application/x-protobuf";
const JSON_TYPE = "application/json";

async function post(path: string, key: string, type: string, body: Buffer, encoding?: string) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { ...bearer(key), "content-type": type, ...(encoding ? { "content-encoding": encoding } : {}) },
    body: new Uint8Array(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    code: /json/.test(res.headers.get("content-type") ?? "") ? JSON.parse(text).error?.code : undefined,
  };
}

/** Sends the request while polling /healthz: every poll answered 200, and at least one ran meanwhile. */
async function whileHealthz<T>(request: Promise<T>): Promise<T> {
  let done = false;
  const statuses: number[] = [];
  const polling = (async () => {
    while (!done) {
      statuses.push((await fetch(`${base}/healthz`)).status);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const result = await request.finally(() => {
    done = true;
  });
  await polling;
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.every((s) => s === 200)).toBe(true);
  return result;
}

const zip = { gzip: gzipSync, deflate: deflateSync } as const;

describe("OTLP bombs", () => {
  it.each([
    ["protobuf", "gzip"],
    ["protobuf", "deflate"],
    ["json", "gzip"],
    ["json", "deflate"],
  ] as const)("300,000 empty spans in %s, %s: 413 at the 1,001st span", async (kind, encoding) => {
    const raw = kind === "protobuf" ? emptySpansProtobuf(300_000) : emptySpansJson(300_000);
    const body = zip[encoding](raw);
    expect(body.length).toBeLessThan(10_000); // the bomb: a few KB inflating to ~600 KB
    const res = await whileHealthz(
      post(OTLP, t.keys.restricted, kind === "json" ? JSON_TYPE : PROTO, body, encoding),
    );
    expect([res.status, res.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    expect(res.text).toMatch(/more than 1000 spans/);
  });

  it.each(["resource", "scope"] as const)(
    "a million empty %s groups, in both encodings: 413 at the 2,001st group",
    async (level) => {
      for (const [type, raw] of [
        [PROTO, emptyGroupsProtobuf(1_000_000, level)],
        [JSON_TYPE, emptyGroupsJson(1_000_000, level)],
      ] as const) {
        const res = await whileHealthz(post(OTLP, t.keys.full, type, gzipSync(raw), "gzip"));
        expect([res.status, res.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
        expect(res.text).toMatch(/more than 2000 resource and scope groups/);
      }
    },
  );

  it("spans spread over many resource groups count together: 1,002 spans in 501 groups is a 413", async () => {
    const res = await post(OTLP, t.keys.full, PROTO, spansInGroupsProtobuf(501, 2));
    expect([res.status, res.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    expect(res.text).toMatch(/more than 1000 spans/);
  });

  it("a body inflating past 20 MiB is a 413 without inflating the rest", async () => {
    const body = gzipSync(Buffer.alloc(64 * 1024 * 1024)); // 64 MiB of zeros, ~64 KB gzipped
    const res = await whileHealthz(post(OTLP, t.keys.full, PROTO, body, "gzip"));
    expect([res.status, res.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    expect(res.text).toMatch(/once inflated/);
  });

  it("a span with more values than the limit is refused alone, without decoding it", async () => {
    const span = (attributes: number) => ({
      traceId: "5b8efff798038103d269b633813fc60c",
      spanId: `eee19b7ec3c1b17${attributes.toString(16).slice(-1)}`,
      attributes: Object.fromEntries(Array.from({ length: attributes }, (_, i) => [`a${i}`, i])),
    });
    const body = otlpProtobuf([span(11_000), span(2)], { "ctxlog.agent_id": "agent-values" });
    const proto = await post(OTLP, t.keys.full, PROTO, body);
    expect(proto.status).toBe(200);
    // ExportTraceServiceResponse with partial_success: one span refused, for its values
    expect(proto.text).toMatch(/more than 32768 values/);
  });

  it("a caller with no budget left gets 429 before its body is read, bomb or not", async () => {
    const small = await h.tenant({ plan: "small" });
    const one = await post(
      OTLP,
      small.keys.full,
      JSON_TYPE,
      Buffer.from(JSON.stringify({ resourceSpans: [] })),
    );
    expect(one.status).toBe(200);
    // spend the rest of the budget (5 units) on single contexts
    for (let i = 0; i < 4; i++) {
      const res = await post(
        "/v1/contexts",
        small.keys.full,
        JSON_TYPE,
        Buffer.from(JSON.stringify({ agent_id: "agent-b", context_data: { i } })),
      );
      expect(res.status).toBe(202);
    }
    for (const body of [gzipSync(emptySpansProtobuf(300_000)), gzipSync(Buffer.alloc(64 * 1024 * 1024))]) {
      const res = await post(OTLP, small.keys.full, PROTO, body, "gzip");
      expect([res.status, res.code]).toEqual([429, "RATE_LIMIT_EXCEEDED"]);
    }
    const batch = await post(
      "/v1/contexts/batch",
      small.keys.full,
      JSON_TYPE,
      deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20)),
      "deflate",
    );
    expect([batch.status, batch.code]).toEqual([429, "RATE_LIMIT_EXCEEDED"]);
  });
});

describe("every body's encodings and limits", () => {
  it.each(["br", "zstd", "x-gzip", "gzip, gzip", "compress"])(
    "Content-Encoding %s is a 415 on OTLP and JSON routes",
    async (encoding) => {
      const otlp = await post(OTLP, t.keys.full, PROTO, Buffer.from([0x0a, 0x00]), encoding);
      expect([otlp.status, otlp.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
      const json = await post("/v1/contexts", t.keys.full, JSON_TYPE, Buffer.from("{}"), encoding);
      expect([json.status, json.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    },
  );

  it("a deflate or gzip bomb on a JSON route is a 413 at its limit, while /healthz answers", async () => {
    for (const [encoding, body] of [
      ["deflate", deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20))],
      ["gzip", gzipSync(Buffer.from(`[${"{},".repeat(3_000_000)}{}]`))],
    ] as const) {
      for (const path of ["/v1/contexts", "/v1/contexts/batch"]) {
        const res = await whileHealthz(post(path, t.keys.full, JSON_TYPE, body, encoding));
        expect([res.status, res.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
      }
    }
  });

  it("a batch larger than one context is parsed item by item and accepted; an item over 300 KiB is a 413", async () => {
    const contexts = Array.from({ length: 40 }, (_, i) => ({
      agent_id: "agent-big",
      context_data: { i, text: "x".repeat(10_000) },
    }));
    const ok = await post(
      "/v1/contexts/batch",
      t.keys.full,
      JSON_TYPE,
      gzipSync(JSON.stringify({ contexts })),
      "gzip",
    );
    expect(ok.status).toBe(202);
    expect(JSON.parse(ok.text).data).toHaveLength(40);
    const huge = [{ agent_id: "agent-big", context_data: { text: "x".repeat(400 * 1024) } }];
    const refused = await post(
      "/v1/contexts/batch",
      t.keys.full,
      JSON_TYPE,
      Buffer.from(JSON.stringify({ contexts: huge })),
    );
    expect([refused.status, refused.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    const bad = await post(
      "/v1/contexts/batch",
      t.keys.full,
      JSON_TYPE,
      Buffer.from(`{"contexts":[${'{"a":1},'.repeat(50_000)}{"a":1]}`),
    );
    expect([bad.status, bad.code]).toEqual([400, "INVALID_JSON"]);
  });
});
