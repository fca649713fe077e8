// Every client method → the exact HTTP request it sends (method, path, query, body, headers),
// recorded by a real local server. This pins the routes that are still being built server-side
// to the agreed description; client.test.ts exercises the existing ones against the real API.
import { readFileSync } from "node:fs";
import path from "node:path";
import { CtxlogClient } from "./client";
import { calls } from "./testing/route-calls";
import { type ScriptedServer, startScriptedServer } from "./testing/scripted-server";

let server: ScriptedServer;
let client: CtxlogClient;
beforeAll(async () => {
  server = await startScriptedServer();
  // one answer that fits every method: a last page, and a last step of an erasure
  server.setFallback({
    status: 200,
    body: { data: [], next_cursor: null, erased: 0, remaining: 0, done: true },
  });
  client = new CtxlogClient({ baseUrl: `${server.baseUrl}/`, apiKey: "sk_routes", userAgent: "sdk-test/1" });
});
afterAll(() => server.close());

// The API description the server serves (apps/api/openapi.json) is the reference: every operation
// an API key may call (its security lists bearerAuth) has a client method, and each method's
// request has the operation's method, path template and query parameter names.
// exportOtelTraces is left out on purpose: OpenTelemetry exporters send it (OTLP/HTTP), not this client.
const NOT_CLIENT_OPERATIONS = new Set(["exportOtelTraces"]);
// Operations and query parameters with no client method yet: to stay empty.
const NO_METHOD_YET: string[] = [];
const NO_QUERY_PARAMETER_YET: Record<string, string[]> = {};

interface Operation {
  method: string;
  path: string;
  template: RegExp;
  query: string[];
}
type Security = Record<string, unknown>[];
type DocOperation = {
  operationId?: string;
  security?: Security;
  parameters?: { in: string; name: string }[];
};

function keyOperations(): Map<string, Operation> {
  const file = path.join(__dirname, "../../../apps/api/openapi.json");
  const doc = JSON.parse(readFileSync(file, "utf8")) as {
    security?: Security;
    paths: Record<string, Record<string, DocOperation>>;
  };
  const out = new Map<string, Operation>();
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op.operationId || NOT_CLIENT_OPERATIONS.has(op.operationId)) continue;
      if (!(op.security ?? doc.security ?? []).some((s) => "bearerAuth" in s)) continue;
      const pattern = route.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
      out.set(op.operationId, {
        method: method.toUpperCase(),
        path: route,
        template: new RegExp(`^/v1${pattern}$`),
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      });
    }
  }
  return out;
}

/** Sends one call to the recording server; its one request. */
async function record(call: (c: CtxlogClient) => Promise<unknown>) {
  server.reply();
  await call(client);
  expect(server.requests).toHaveLength(1);
  const url = new URL(server.requests[0]?.url ?? "", "http://x");
  return { method: server.requests[0]?.method, path: url.pathname, query: [...url.searchParams.keys()] };
}

describe("against apps/api/openapi.json", () => {
  const operations = keyOperations();

  it("every operation an API key may call has a client method", () => {
    expect(operations.size).toBeGreaterThan(20);
    const covered = new Set(calls.map((c) => c[1]));
    expect([...covered].filter((id) => !operations.has(id))).toEqual([]);
    expect([...operations.keys()].filter((id) => !covered.has(id)).sort()).toEqual(NO_METHOD_YET);
  });

  it.each(calls)("%s sends %s as the document describes it", async (_name, operationId, call) => {
    const op = operations.get(operationId);
    if (!op) throw new Error(`${operationId} is not an operation an API key may call`);
    const sent = await record(call);
    expect(sent.method).toBe(op.method);
    expect(sent.path).toMatch(op.template);
    expect(sent.query.filter((name) => !op.query.includes(name))).toEqual([]);
  });

  it("every documented query parameter is sent by a method", async () => {
    const sent = new Map<string, Set<string>>();
    for (const [, operationId, call] of calls) {
      const names = sent.get(operationId) ?? new Set<string>();
      for (const name of (await record(call)).query) names.add(name);
      sent.set(operationId, names);
    }
    const unsent: Record<string, string[]> = {};
    for (const [operationId, op] of operations) {
      const names = sent.get(operationId);
      const missing = names ? op.query.filter((name) => !names.has(name)).sort() : [];
      if (missing.length > 0) unsent[operationId] = missing;
    }
    expect(unsent).toEqual(NO_QUERY_PARAMETER_YET);
  });
});

describe("routes", () => {
  it.each(calls)("%s (%s)", async (_name, _operationId, call, method, url, body) => {
    server.reply();
    await call(client);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe(method);
    expect(request?.url).toBe(url);
    expect(request?.headers.authorization).toBe("Bearer sk_routes");
    expect(request?.headers["user-agent"]).toBe("sdk-test/1");
    if (body === undefined) {
      expect(request?.body).toBe("");
    } else {
      expect(request?.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(request?.body ?? "")).toEqual(body);
    }
  });

  it("paginates signers, webhooks and deliveries with the cursor the server returns", async () => {
    const page = (data: unknown[], next: string | null) => ({
      status: 200,
      body: { data, next_cursor: next },
    });
    server.reply(page([1, 2], "n1"), page([3], null));
    const got: unknown[] = [];
    for await (const s of client.signers.listAll({ limit: 2 })) got.push(s);
    expect(got).toEqual([1, 2, 3]);
    expect(server.requests.map((r) => r.url)).toEqual([
      "/v1/signers?limit=2",
      "/v1/signers?limit=2&cursor=n1",
    ]);

    server.reply(page([1], "n1"), page([2], null));
    const deliveries: unknown[] = [];
    for await (const d of client.webhooks.deliveries.listAll("whk_1", { status: "failed" }))
      deliveries.push(d);
    expect(deliveries).toEqual([1, 2]);
    expect(server.requests[1]?.url).toBe("/v1/webhooks/whk_1/deliveries?status=failed&cursor=n1");
  });

  it("stops, instead of looping forever, when a server repeats a cursor", async () => {
    const page = { status: 200, body: { data: [1], next_cursor: "same" } };
    server.reply(page, page, page);
    const walk = async () => {
      for await (const _ of client.webhooks.listAll()) {
        // drain
      }
    };
    await expect(walk()).rejects.toThrow(/repeated/);
    expect(server.requests).toHaveLength(2);
  });

  it("breaking out of listAll stops fetching pages", async () => {
    server.reply({ status: 200, body: { data: [1, 2], next_cursor: "n1" } });
    for await (const item of client.contexts.listAll()) {
      expect(item).toBe(1);
      break;
    }
    expect(server.requests).toHaveLength(1);
  });
});
