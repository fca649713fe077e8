// Integration: real PostgreSQL (fresh database) and real Redis (own prefix).
import { hexOf } from "@ctxlog/db";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let owner: Tenant;
let stranger: Tenant;
beforeAll(async () => {
  h = await createTestHarness();
  owner = await h.tenant({ agents: ["agent-r*"] });
  stranger = await h.tenant();
});
afterAll(() => h.close());

const post = (key: string, agent_id: string, n: number, visibility = "private") =>
  h.request.post("/v1/contexts").set(bearer(key)).send({ agent_id, context_data: { n }, visibility });
const get = (key: string, path: string) => h.request.get(path).set(bearer(key));
const lines = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe("agent logs", () => {
  beforeAll(async () => {
    for (let n = 0; n < 5; n++) await post(owner.keys.full, "agent-a", n, n % 2 ? "public" : "private");
    await post(owner.keys.restricted, "agent-r1", 0);
    await post(owner.keys.full, "agent-b", 0);
    await post(stranger.keys.full, "agent-a", 0);
  });

  it("lists each log with its head, counts and activity, a page at a time", async () => {
    const first = await get(owner.keys.read_only, "/v1/agents?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.data.map((l: { agent_id: string }) => l.agent_id)).toEqual(["agent-a", "agent-b"]);
    const a = first.body.data[0];
    const head = await h.db.context.findFirstOrThrow({
      where: { userId: owner.userId, agentId: "agent-a", sequence: 5 },
    });
    expect(a).toEqual({
      agent_id: "agent-a",
      head_sequence: 5,
      head_entry_hash: hexOf(head.entryHash as Uint8Array),
      counts: { pending: 5, confirmed: 0, failed: 0 },
      first_activity_at: expect.any(String),
      last_activity_at: head.createdAt.toISOString(),
    });
    const second = await get(owner.keys.read_only, `/v1/agents?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((l: { agent_id: string }) => l.agent_id)).toEqual(["agent-r1"]);
    expect(second.body.next_cursor).toBeNull();
  });

  it("reads one log; another user's agent, or one the key may not read, is a 404", async () => {
    expect((await get(owner.keys.full, "/v1/agents/agent-b")).body.head_sequence).toBe(1);
    expect((await get(stranger.keys.full, "/v1/agents/agent-b")).status).toBe(404);
    expect((await get(stranger.keys.full, "/v1/agents/agent-a")).body.head_sequence).toBe(1);
    // a restricted key sees only its key family's entries; a public key only public ones
    expect((await get(owner.keys.restricted, "/v1/agents/agent-a")).status).toBe(404);
    expect((await get(owner.keys.restricted, "/v1/agents")).body.data).toHaveLength(1);
    expect((await get(owner.keys.public, "/v1/agents/agent-a")).body).toMatchObject({
      head_sequence: 4,
      counts: { pending: 2 },
    });
  });

  it("exports the entries in sequence order as NDJSON proof bundles, pending ones marked", async () => {
    const res = await get(owner.keys.read_only, "/v1/agents/agent-a/export");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/x-ndjson/);
    const entries = lines(res.text);
    expect(entries.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(entries[0]).toMatchObject({
      version: 3,
      signature_scheme: "EIP-712",
      eip712_domain: { name: "ctxlog", version: "1" },
      status: "pending",
      transaction_hash: null,
      user_id: owner.userId,
    });
    for (let i = 1; i < entries.length; i++)
      expect(entries[i].prev_entry_hash).toBe(entries[i - 1].entry_hash);

    const range = await get(owner.keys.read_only, "/v1/agents/agent-a/export?from_sequence=2&to_sequence=3");
    expect(lines(range.text).map((e) => e.sequence)).toEqual([2, 3]);
    // a public key's export holds only the public entries (an audit of it reports the gaps)
    const visible = await get(owner.keys.public, "/v1/agents/agent-a/export");
    expect(lines(visible.text).map((e) => e.sequence)).toEqual([2, 4]);
    expect((await get(stranger.keys.full, "/v1/agents/agent-b/export")).status).toBe(404);
    expect(
      (await get(owner.keys.full, "/v1/agents/agent-a/export?from_sequence=3&to_sequence=2")).status,
    ).toBe(400);
  });
});
