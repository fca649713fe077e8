// The size refusals of the real API (its test harness: real PostgreSQL and Redis), each one "too
// big" for isTooLarge: the 413 of POST /contexts, and a ContextLogger item the batch route refuses
// for its size (a 400 naming it), which is rejected as a ContextTooLargeError while the other items
// of its batch are accepted.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  ContextLogger,
  ContextTooLargeError,
  CtxlogApiError,
  CtxlogClient,
  isApiError,
  isTooLarge,
} from "@ctxlog/sdk";
import { createTestHarness, type Tenant, type TestHarness } from "../../../apps/api/src/testing/harness";

let h: TestHarness;
let server: Server;
let client: CtxlogClient;
let t: Tenant;

beforeAll(async () => {
  h = await createTestHarness();
  server = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  t = await h.tenant();
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  client = new CtxlogClient({ baseUrl, apiKey: t.keys.full });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

const OVER = { blob: "x".repeat(256 * 1024 + 1) }; // context_data's limit is 256 KiB
const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (error: unknown) => error,
  );

it("the API's 413 is too large", async () => {
  const error = await caught(client.contexts.create({ agent_id: "ts-big", context_data: OVER }));
  expect(isApiError(error, "PAYLOAD_TOO_LARGE")).toBe(true);
  expect(isTooLarge(error)).toBe(true);
});

it("a logged context refused for its size is a ContextTooLargeError; the rest of its batch is accepted", async () => {
  const failures: unknown[] = [];
  const logger = new ContextLogger(client, { onFailure: (_, error) => failures.push(error) });
  const good = logger.log({ agent_id: "ts-big-mixed", context_data: { ok: 1 } });
  const bad = caught(logger.log({ agent_id: "ts-big-mixed", context_data: OVER }));
  await expect(logger.flush()).rejects.toThrow(/not accepted/);
  const error = (await bad) as ContextTooLargeError;
  expect(error).toBeInstanceOf(ContextTooLargeError);
  expect(isTooLarge(error)).toBe(true);
  expect(error.path).toBe("context_data");
  expect(error.cause).toBeInstanceOf(CtxlogApiError);
  expect((error.cause as CtxlogApiError).requestId).toBeTruthy();
  expect((await good).context_data).toEqual({ ok: 1 });

  // alone in its batch, so the 400 names every item of it: mapped the same way
  const alone = caught(logger.log({ agent_id: "ts-big-alone", context_data: OVER }));
  await expect(logger.close()).rejects.toThrow(/not accepted/);
  expect(await alone).toBeInstanceOf(ContextTooLargeError);
  expect(failures).toEqual([error, await alone]);
  expect(await h.db.context.count({ where: { agentId: { in: ["ts-big-mixed", "ts-big-alone"] } } })).toBe(1);
});
