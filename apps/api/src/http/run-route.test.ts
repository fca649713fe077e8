// Integration: real PostgreSQL (fresh database) and real Redis (own prefix). The router validates
// every request part a route declares, with the route table's schemas (http/run-route.ts).
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../testing/harness";

let h: TestHarness;
let t: Tenant;

beforeAll(async () => {
  h = await createTestHarness();
  t = await h.tenant();
});
afterAll(() => h.close());

const verify = (body: unknown) =>
  h.request
    .post("/v1/verifications")
    .set(bearer(t.keys.full))
    .send(body as object);

describe("validation by the route table", () => {
  it("checks a declared header against its schema: a bad Idempotency-Key is a 400 naming it", async () => {
    const res = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.full))
      .set("Idempotency-Key", "has spaces")
      .send({ agent_id: "a", context_data: {} });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ path: "Idempotency-Key", message: expect.stringContaining("printable ASCII") }],
    });
    expect(await h.db.context.count()).toBe(0);
  });

  it("checks a union body against the form whose keys it uses, so the messages are that form's", async () => {
    const byId = await verify({ context_id: 7 });
    expect(byId.status).toBe(400);
    expect(byId.body.error.details).toEqual([{ path: "context_id", message: expect.any(String) }]);

    const byData = await verify({ transaction_hash: "0x12", context: { agent_id: "a", context_data: {} } });
    expect(byData.status).toBe(400);
    expect(byData.body.error.details).toEqual([
      { path: "transaction_hash", message: "a 32-byte transaction hash, 0x-prefixed hex" },
    ]);
  });

  it("answers a body of neither form with the union's own message", async () => {
    for (const body of [{}, { other: 1 }, []]) {
      const res = await verify(body);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        {
          path: "body",
          message:
            "expected {context_id} or {transaction_hash, context: {agent_id, context_data, metadata?}}",
        },
      ]);
    }
  });
});
