// The local refusals: data with no JSON form is a NotJsonError naming the value, a context no batch
// could carry a ContextTooLargeError, both before anything is sent (a real local HTTP server counts
// the requests); and every "too big" answers isTooLarge.
import { CtxlogClient } from "./client";
import { ContextLogger } from "./context-logger";
import { itemError } from "./context-logger-options";
import { ContextTooLargeError, CtxlogApiError, CtxlogError, isTooLarge, NotJsonError } from "./errors";
import { checkJson, encodeJson } from "./json-body";
import { type ScriptedServer, startScriptedServer } from "./testing/scripted-server";

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => server.reply());

const client = () => new CtxlogClient({ baseUrl: server.baseUrl, apiKey: "sk_test", maxRetries: 0 });
const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (error: unknown) => error,
  );

const cyclic: Record<string, unknown> = { a: 1 };
cyclic.self = cyclic;
// biome-ignore lint/suspicious/noSparseArray: the hole is the case under test
const sparse = [1, , 3];
const NOT_JSON: [string, Record<string, unknown>, string, RegExp][] = [
  ["NaN", { x: [1, Number.NaN] }, "context_data.x.1", /NaN/],
  ["Infinity", { x: Number.POSITIVE_INFINITY }, "context_data.x", /Infinity/],
  ["-Infinity", { x: { y: Number.NEGATIVE_INFINITY } }, "context_data.x.y", /-Infinity/],
  ["a cycle", { c: cyclic }, "context_data.c.self", /cycle/],
  ["a BigInt", { n: 10n }, "context_data.n", /BigInt/],
  ["a lone surrogate", { s: "ok \uD800 not" }, "context_data.s", /surrogate/],
  ["a lone surrogate in a key", { "k\uDC00": 1 }, "context_data.k\\udc00", /surrogate/],
  ["undefined in an array", { a: [1, undefined] }, "context_data.a.1", /undefined in an array/],
  ["a hole in an array", { a: sparse }, "context_data.a.1", /undefined in an array/],
  ["an invalid Date", { at: new Date("never") }, "context_data.at", /invalid Date/],
  ["a Map", { m: new Map([["k", 1]]) }, "context_data.m", /Map/],
  ["a Set", { s: new Set([1]) }, "context_data.s", /Set/],
  ["a Buffer", { raw: Buffer.from("ab") }, "context_data.raw", /binary/],
  ["a typed array", { raw: new Uint8Array(2) }, "context_data.raw", /binary/],
  ["a function", { f: () => 1 }, "context_data.f", /function/],
  ["a boxed NaN", { n: new Number(Number.NaN) }, "context_data.n", /NaN/],
  ["a toJSON giving NaN", { v: { toJSON: () => Number.NaN } }, "context_data.v", /NaN/],
];

describe("NotJsonError", () => {
  it.each(NOT_JSON)(
    "contexts.create refuses %s, naming it, and sends nothing",
    async (_, data, path, reason) => {
      const error = await caught(client().contexts.create({ agent_id: "ts-json", context_data: data }));
      expect(error).toBeInstanceOf(NotJsonError);
      expect(error).toBeInstanceOf(CtxlogError);
      expect((error as NotJsonError).path).toBe(path);
      expect((error as NotJsonError).reason).toMatch(reason);
      expect((error as NotJsonError).message).toContain(path);
      expect(server.requests).toHaveLength(0);
    },
  );

  it("names the value by its path in the body: a batch's item, metadata, a verification's context", async () => {
    const at = (p: Promise<unknown>) => caught(p).then((e) => (e as NotJsonError).path);
    const c = client();
    const items = [
      { agent_id: "a", context_data: {} },
      { agent_id: "a", context_data: { steps: [{ n: Number.NaN }] } },
    ];
    expect(await at(c.contexts.createMany(items))).toBe("contexts.1.context_data.steps.0.n");
    expect(await at(c.contexts.create({ agent_id: "a", context_data: {}, metadata: { n: 1n } }))).toBe(
      "metadata.n",
    );
    const context = { agent_id: "a", context_data: { n: Number.NaN } };
    expect(await at(c.verifications.create({ transaction_hash: `0x${"0".repeat(64)}`, context }))).toBe(
      "context.context_data.n",
    );
    expect(server.requests).toHaveLength(0);
  });

  it("sends what has a JSON form as JSON.stringify would: a valid Date as its ISO string, shared parts", async () => {
    const shared = { k: [1, 2] };
    const data = { at: new Date(Date.UTC(2026, 0, 2)), a: shared, b: shared, gone: undefined, é: "☃" };
    await client().contexts.create({ agent_id: "ts-json", context_data: data });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).toBe(
      '{"agent_id":"ts-json","context_data":{"at":"2026-01-02T00:00:00.000Z","a":{"k":[1,2]},"b":{"k":[1,2]},"é":"☃"}}',
    );
    expect(encodeJson({ s: "pair \uD83D\uDE00" })).toBe('{"s":"pair 😀"}');
    expect(() => checkJson({ x: 1 })).not.toThrow();
  });

  it("ContextLogger.log refuses at once, with the item's own path, and queues nothing", async () => {
    const logger = new ContextLogger(client());
    const error = await caught(logger.log({ agent_id: "ts-json", context_data: { n: Number.NaN } }));
    expect(error).toBeInstanceOf(NotJsonError);
    expect((error as NotJsonError).path).toBe("context_data.n");
    expect(logger.pending).toBe(0);
    await logger.close();
    expect(server.requests).toHaveLength(0);
  });
});

describe("ContextTooLargeError and isTooLarge", () => {
  it("ContextLogger.log refuses a context no batch could carry, and sends nothing", async () => {
    const logger = new ContextLogger(client());
    const error = await caught(
      logger.log({ agent_id: "ts-big", context_data: { blob: "x".repeat(5 * 1024 * 1024) } }),
    );
    expect(error).toBeInstanceOf(ContextTooLargeError);
    expect(isTooLarge(error)).toBe(true);
    const { size, limit } = error as ContextTooLargeError;
    expect(limit).toBe(5 * 1024 * 1024 - 16);
    expect(size).toBeGreaterThan(limit as number);
    await logger.close();
    expect(server.requests).toHaveLength(0);
  });

  it("a batch item refused for its size becomes a ContextTooLargeError; others keep the 400", () => {
    const refused = new CtxlogApiError({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "2 of 3 contexts refused",
      method: "POST",
      url: "/v1/contexts/batch",
      details: [
        { index: 0, code: "VALIDATION_ERROR", path: "contexts.0.agent_id", message: "bad agent" },
        {
          index: 2,
          code: "PAYLOAD_TOO_LARGE",
          path: "contexts.2.context_data",
          message: "context_data is 300000 bytes serialized; the limit is 262144.",
        },
      ],
    });
    const tooLarge = itemError(refused, 2) as ContextTooLargeError;
    expect(tooLarge).toBeInstanceOf(ContextTooLargeError);
    expect(tooLarge.path).toBe("context_data");
    expect(tooLarge.cause).toBe(refused);
    expect(tooLarge.message).toContain("262144");
    expect(itemError(refused, 0)).toBe(refused);
    expect(itemError(refused, 1)).toBe(refused);
    expect(isTooLarge(refused)).toBe(false);
  });

  it("isTooLarge: the API's 413 too, and nothing else", () => {
    const init = { status: 413, message: "too big", method: "POST", url: "/v1/contexts" };
    expect(isTooLarge(new CtxlogApiError({ ...init, code: "PAYLOAD_TOO_LARGE" }))).toBe(true);
    expect(isTooLarge(new CtxlogApiError({ ...init, status: 404, code: "NOT_FOUND" }))).toBe(false);
    expect(isTooLarge(new Error("too big"))).toBe(false);
  });
});
