// Integration (real PostgreSQL and Redis): GET /v1/contexts?agent_id=…&to_sequence=N, the jump the
// console's agent log makes: the log newest first from entry N, paged on towards entry 1.
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let owner: Tenant;
let stranger: Tenant;
const AGENT = "jumper";

async function create(key: string, agent: string, visibility: "public" | "private" = "private") {
  const res = await h.request
    .post("/v1/contexts")
    .set(bearer(key))
    .send({ agent_id: agent, context_data: { agent }, visibility });
  expect(res.status).toBe(202);
  return res.body.context_id as string;
}

interface Listed {
  context_id: string;
  sequence: number;
  created_at: string;
}
type ListBody = { data: Listed[]; next_cursor: string | null };

const list = (key: string, query: string) => h.request.get(`/v1/contexts${query}`).set(bearer(key));

/** Every page of a list, followed by next_cursor. */
async function allPages(key: string, query: string): Promise<{ pages: number[][]; rows: Listed[] }> {
  const pages: number[][] = [];
  const rows: Listed[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: ListBody } = await list(
      key,
      `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(res.status).toBe(200);
    pages.push(res.body.data.map((c) => c.sequence));
    rows.push(...res.body.data);
    cursor = res.body.next_cursor;
  } while (cursor);
  return { pages, rows };
}

beforeAll(async () => {
  h = await createTestHarness();
  owner = await h.tenant();
  stranger = await h.tenant();
  // one after the other: sequences 1…7 in the order received
  for (let i = 0; i < 7; i++) await create(owner.keys.full, AGENT);
  await create(owner.keys.full, "someone-else");
  // another user's log of the same name: its own sequences 1…3
  for (let i = 0; i < 3; i++) await create(stranger.keys.full, AGENT, "public");
});
afterAll(() => h.close());

describe("GET /v1/contexts?agent_id=…&to_sequence=N", () => {
  it("starts at entry N, newest first, and pages on to entry 1", async () => {
    const { pages } = await allPages(owner.keys.full, `?agent_id=${AGENT}&to_sequence=5&limit=2`);
    expect(pages).toEqual([[5, 4], [3, 2], [1]]);
    const whole = await list(owner.keys.full, `?agent_id=${AGENT}&limit=100`);
    expect(whole.body.data.map((c: Listed) => c.sequence)).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it("past the head shows the whole log; 1 shows the first entry only", async () => {
    const past = await list(owner.keys.full, `?agent_id=${AGENT}&to_sequence=1000`);
    expect(past.body.data.map((c: Listed) => c.sequence)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const first = await list(owner.keys.full, `?agent_id=${AGENT}&to_sequence=1`);
    expect(first.body.data.map((c: Listed) => c.sequence)).toEqual([1]);
    expect(first.body.next_cursor).toBeNull();
  });

  it("combines with status (pending, as nothing is anchored here) and with created_before", async () => {
    const pending = await list(owner.keys.full, `?agent_id=${AGENT}&status=pending&to_sequence=3`);
    expect(pending.status).toBe(200);
    expect(pending.body.data.map((c: Listed) => c.sequence)).toEqual([3, 2, 1]);
    const whole = await list(owner.keys.full, `?agent_id=${AGENT}&limit=100`);
    const third = whole.body.data.find((c: Listed) => c.sequence === 3) as Listed;
    // the jump to a time: entries received before entry 3, whatever the sequence bound above them
    const before = await list(
      owner.keys.full,
      `?agent_id=${AGENT}&to_sequence=6&created_before=${encodeURIComponent(third.created_at)}`,
    );
    for (const c of before.body.data as Listed[]) expect(c.sequence).toBeLessThan(3);
  });

  it.each([
    ["?to_sequence=3", "without agent_id"],
    [`?agent_id=${AGENT}&to_sequence=0`, "below 1"],
    [`?agent_id=${AGENT}&to_sequence=-2`, "negative"],
    [`?agent_id=${AGENT}&to_sequence=2.5`, "not whole"],
    [`?agent_id=${AGENT}&to_sequence=abc`, "not a number"],
    [`?agent_id=${AGENT}&to_sequence=2147483648`, "beyond int4"],
    [`?agent_id=${AGENT}&to_sequence=1&to_sequence=2`, "repeated"],
  ])("%s (%s) → 400 VALIDATION_ERROR", async (query) => {
    const res = await list(owner.keys.full, query);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
  });

  it("reads only the key's own log: another user's log of the same name is not reached", async () => {
    const mine = await list(stranger.keys.full, `?agent_id=${AGENT}&to_sequence=5`);
    expect(mine.body.data.map((c: Listed) => c.sequence)).toEqual([3, 2, 1]);
    const theirs = await list(owner.keys.full, `?agent_id=${AGENT}&to_sequence=3`);
    const ownerIds = (await allPages(owner.keys.full, `?agent_id=${AGENT}&limit=100`)).rows.map(
      (c) => c.context_id,
    );
    for (const c of theirs.body.data as Listed[]) expect(ownerIds).toContain(c.context_id);
  });

  it("keeps a key's scope: a public key sees no private entry, a restricted key only its own", async () => {
    const pub = await list(owner.keys.public, `?agent_id=${AGENT}&to_sequence=7`);
    expect(pub.status).toBe(200);
    expect(pub.body.data).toEqual([]);
    const restricted = await list(owner.keys.restricted, `?agent_id=${AGENT}&to_sequence=7`);
    expect(restricted.status).toBe(200);
    expect(restricted.body.data).toEqual([]);
    const unauthenticated = await h.request.get(`/v1/contexts?agent_id=${AGENT}&to_sequence=7`);
    expect(unauthenticated.status).toBe(401);
  });
});
