// Integration: real PostgreSQL (fresh database) and real Redis (own prefix), the API run with
// CONTEXT_DATA_MIN_RETENTION_DAYS=183: erasing data younger than that is refused (409, saying how
// old it must be) on both erasure routes unless the request overrides it with a reason, and the
// override is kept with the erasure.
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let owner: Tenant;

beforeAll(async () => {
  h = await createTestHarness({ CONTEXT_DATA_MIN_RETENTION_DAYS: "183" });
  owner = await h.tenant();
});
afterAll(() => h.close());

async function logged(agent: string) {
  const res = await h.request
    .post("/v1/contexts")
    .set(bearer(owner.keys.full))
    .send({ agent_id: agent, context_data: { note: "young" } });
  expect(res.status).toBe(202);
  return res.body.context_id as string;
}

const erase = (path: string, body?: object) => {
  const req = h.request.delete(path).set(bearer(owner.keys.full));
  return body ? req.send(body) : req;
};

describe("CONTEXT_DATA_MIN_RETENTION_DAYS", () => {
  it("refuses to erase younger data on both routes (409, saying how old it must be), erasing nothing", async () => {
    const id = await logged("agent-young");
    for (const path of [`/v1/contexts/${id}/data`, "/v1/agents/agent-young/data"]) {
      for (const body of [undefined, { reason: "asked" }, { reason: "asked", override_retention: false }]) {
        const res = await erase(path, body);
        expect(res.status).toBe(409);
        expect(res.body.error.code).toBe("CONFLICT");
        expect(res.body.error.message).toContain("at least 183 days old");
        expect(res.body.error.message).toContain("override_retention");
      }
    }
    expect((await h.db.context.findUniqueOrThrow({ where: { id } })).canonicalData).not.toBeNull();
  });

  it("erases with override_retention and a reason, and records both", async () => {
    const id = await logged("agent-override");
    const second = await logged("agent-override");
    const reason = "the data subject's request (GDPR Art. 17)";
    const one = await erase(`/v1/contexts/${id}/data`, { reason, override_retention: true });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      context_data: null,
      data_erasure_reason: reason,
      data_erasure_overrode_retention: true,
    });
    const all = await erase("/v1/agents/agent-override/data", { reason, override_retention: true });
    expect(all.body).toMatchObject({ erased: 1, remaining: 0, done: true });
    expect(await h.db.context.findUniqueOrThrow({ where: { id: second } })).toMatchObject({
      canonicalData: null,
      dataErasureReason: reason,
      dataErasureOverrodeRetention: true,
    });
  });

  it("an override without a reason is a 400 (VALIDATION_ERROR), not a 409", async () => {
    const id = await logged("agent-no-reason");
    const res = await erase(`/v1/contexts/${id}/data`, { override_retention: true });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.message).toContain("reason");
  });
});
