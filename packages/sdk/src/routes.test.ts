// Every client method → the exact HTTP request it sends (method, path, query, body, headers),
// recorded by a real local server. This pins the routes that are still being built server-side
// to the agreed description; client.test.ts exercises the existing ones against the real API.
import { CtxlogClient } from "./client";
import { type ScriptedServer, startScriptedServer } from "./testing/scripted-server";

let server: ScriptedServer;
let client: CtxlogClient;
beforeAll(async () => {
  server = await startScriptedServer();
  server.setFallback({ status: 200, body: { data: [], next_cursor: null } });
  client = new CtxlogClient({ baseUrl: `${server.baseUrl}/`, apiKey: "sk_routes", userAgent: "sdk-test/1" });
});
afterAll(() => server.close());

type Call = [string, (c: CtxlogClient) => Promise<unknown>, string, string, unknown];
const calls: Call[] = [
  ["status", (c) => c.status(), "GET", "/v1/status", undefined],
  [
    "contexts.create",
    (c) => c.contexts.create({ agent_id: "a", context_data: { k: 1 } }),
    "POST",
    "/v1/contexts",
    { agent_id: "a", context_data: { k: 1 } },
  ],
  [
    "contexts.createMany",
    (c) => c.contexts.createMany([{ agent_id: "a", context_data: { k: 1 } }]),
    "POST",
    "/v1/contexts/batch",
    { contexts: [{ agent_id: "a", context_data: { k: 1 } }] },
  ],
  ["contexts.get", (c) => c.contexts.get("ctx_1"), "GET", "/v1/contexts/ctx_1", undefined],
  [
    "contexts.list",
    (c) => c.contexts.list({ agent_id: "a", status: "failed", limit: 5, cursor: "c1" }),
    "GET",
    "/v1/contexts?agent_id=a&status=failed&limit=5&cursor=c1",
    undefined,
  ],
  ["contexts.retry", (c) => c.contexts.retry("ctx_1"), "POST", "/v1/contexts/ctx_1/retry", {}],
  ["contexts.proof", (c) => c.contexts.proof("ctx_1"), "GET", "/v1/contexts/ctx_1/proof", undefined],
  [
    "verifications.create (by id)",
    (c) => c.verifications.create({ context_id: "ctx_1" }),
    "POST",
    "/v1/verifications",
    { context_id: "ctx_1" },
  ],
  [
    "verifications.create (by tx + context)",
    (c) => c.verifications.create({ transaction_hash: "0xab", context: { agent_id: "a", context_data: {} } }),
    "POST",
    "/v1/verifications",
    { transaction_hash: "0xab", context: { agent_id: "a", context_data: {} } },
  ],
  ["verifications.get", (c) => c.verifications.get("vrf_1"), "GET", "/v1/verifications/vrf_1", undefined],
  [
    "verifications.list",
    (c) => c.verifications.list({ context_id: "ctx_1", limit: 5 }),
    "GET",
    "/v1/verifications?context_id=ctx_1&limit=5",
    undefined,
  ],
  ["signers.list", (c) => c.signers.list({ limit: 10 }), "GET", "/v1/signers?limit=10", undefined],
  [
    "webhooks.create",
    (c) => c.webhooks.create({ url: "https://r.example/h", events: ["context.confirmed"], description: "d" }),
    "POST",
    "/v1/webhooks",
    { url: "https://r.example/h", events: ["context.confirmed"], description: "d" },
  ],
  ["webhooks.list", (c) => c.webhooks.list(), "GET", "/v1/webhooks", undefined],
  ["webhooks.get", (c) => c.webhooks.get("whk_1"), "GET", "/v1/webhooks/whk_1", undefined],
  [
    "webhooks.update",
    (c) => c.webhooks.update("whk_1", { events: ["context.failed"] }),
    "PUT",
    "/v1/webhooks/whk_1",
    { events: ["context.failed"] },
  ],
  ["webhooks.delete", (c) => c.webhooks.delete("whk_1"), "DELETE", "/v1/webhooks/whk_1", undefined],
  [
    "webhooks.test",
    (c) => c.webhooks.test("whk_1", { event: "context.created" }),
    "POST",
    "/v1/webhooks/whk_1/test",
    { event: "context.created" },
  ],
  [
    "webhooks.rotateSecret",
    (c) => c.webhooks.rotateSecret("whk_1"),
    "POST",
    "/v1/webhooks/whk_1/rotate-secret",
    {},
  ],
  [
    "deliveries.list",
    (c) => c.webhooks.deliveries.list("whk_1", { status: "failed", cursor: "c2" }),
    "GET",
    "/v1/webhooks/whk_1/deliveries?status=failed&cursor=c2",
    undefined,
  ],
  [
    "deliveries.get",
    (c) => c.webhooks.deliveries.get("whk_1", "dlv_1"),
    "GET",
    "/v1/webhooks/whk_1/deliveries/dlv_1",
    undefined,
  ],
  [
    "deliveries.retry",
    (c) => c.webhooks.deliveries.retry("whk_1", "dlv_1"),
    "POST",
    "/v1/webhooks/whk_1/deliveries/dlv_1/retry",
    {},
  ],
  [
    "webhooks.recover",
    (c) => c.webhooks.recover("whk_1", { since: "2026-11-26T00:00:00.000Z" }),
    "POST",
    "/v1/webhooks/whk_1/recover",
    { since: "2026-11-26T00:00:00.000Z" },
  ],
  [
    "events.list",
    (c) => c.events.list({ type: "context.failed", created_after: "2026-11-26T00:00:00.000Z", limit: 5 }),
    "GET",
    "/v1/events?type=context.failed&created_after=2026-11-26T00%3A00%3A00.000Z&limit=5",
    undefined,
  ],
  ["events.get", (c) => c.events.get("evt_1"), "GET", "/v1/events/evt_1", undefined],
  ["events.types", (c) => c.events.types(), "GET", "/v1/event-types", undefined],
  [
    "ids are one encoded path segment",
    (c) => c.contexts.get("a/b?c#d"),
    "GET",
    "/v1/contexts/a%2Fb%3Fc%23d",
    undefined,
  ],
];

describe("routes", () => {
  it.each(calls)("%s → %s %s", async (_name, call, method, url, body) => {
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
