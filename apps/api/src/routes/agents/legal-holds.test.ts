// Integration: real PostgreSQL (fresh database) and real Redis (own prefix). Legal holds on an
// agent (GET/POST /v1/agents/:agent_id/holds, POST …/holds/:hold_id/release): who may list, place
// and release them; while one is active both erasure routes answer 409 naming it; an erasure's
// reason is kept and shown (the context, its proof bundle in the export, context.erased). The
// SDK's client.agents.holds and the `ctxlog hold` / `ctxlog holds` commands, against this API.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { CtxlogApiError, CtxlogClient } from "@ctxlog/sdk";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

let h: TestHarness;
let owner: Tenant;
let stranger: Tenant;

beforeAll(async () => {
  h = await createTestHarness();
  owner = await h.tenant();
  stranger = await h.tenant();
});
afterAll(() => h.close());

async function logged(key: string, agent = `agent-${randomBytes(4).toString("hex")}`) {
  const res = await h.request
    .post("/v1/contexts")
    .set(bearer(key))
    .send({ agent_id: agent, context_data: { note: "kept" } });
  expect(res.status).toBe(202);
  return { agent, id: res.body.context_id as string };
}

const holds = (agent: string) => `/v1/agents/${agent}/holds`;
const place = (key: string, agent: string, body: unknown = { reason: "litigation: case 2026-CV-0142" }) =>
  h.request
    .post(holds(agent))
    .set(bearer(key))
    .send(body as object);
const release = (key: string, agent: string, holdId: string) =>
  h.request.post(`${holds(agent)}/${holdId}/release`).set(bearer(key));

describe("legal hold routes", () => {
  it("place (201), list newest first, release (200, again: the same record); the holds stay listed", async () => {
    const { agent } = await logged(owner.keys.full);
    const first = await place(owner.keys.full, agent);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      hold_id: expect.stringMatching(/^hld_/),
      agent_id: agent,
      reason: "litigation: case 2026-CV-0142",
      placed_at: expect.any(String),
      placed_by: `key:${owner.keyIds.full}`,
      released_at: null,
      released_by: null,
    });
    const second = await place(owner.keys.full, agent, { reason: "regulator's request" });
    const page = await h.request.get(holds(agent)).query({ limit: 1 }).set(bearer(owner.keys.read_only));
    expect(page.status).toBe(200);
    expect(page.body.data.map((x: { hold_id: string }) => x.hold_id)).toEqual([second.body.hold_id]);
    const next = await h.request
      .get(holds(agent))
      .query({ limit: 1, cursor: page.body.next_cursor })
      .set(bearer(owner.keys.read_only));
    expect(next.body).toEqual({ data: [first.body], next_cursor: null });

    const released = await release(owner.keys.full, agent, first.body.hold_id);
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({
      hold_id: first.body.hold_id,
      released_by: `key:${owner.keyIds.full}`,
    });
    expect(Date.parse(released.body.released_at)).not.toBeNaN();
    const again = await release(owner.keys.full, agent, first.body.hold_id);
    expect(again.body).toEqual(released.body);
    const all = await h.request.get(holds(agent)).set(bearer(owner.keys.full));
    expect(all.body.data).toHaveLength(2);
  });

  it("a dashboard session places and releases as its account", async () => {
    const { agent } = await logged(owner.keys.full);
    const s = await h.session(owner.userId);
    const placed = await s.agent.post(holds(agent)).set(s.csrfHeader).send({ reason: "kept for the audit" });
    expect(placed.status).toBe(201);
    expect(placed.body.placed_by).toBe(`account:${s.accountId}`);
    const released = await s.agent.post(`${holds(agent)}/${placed.body.hold_id}/release`).set(s.csrfHeader);
    expect(released.body.released_by).toBe(`account:${s.accountId}`);
  });

  it("refuses a missing, blank or too long reason, an unknown field, a malformed hold id or cursor (400)", async () => {
    const { agent } = await logged(owner.keys.full);
    for (const body of [
      {},
      { reason: "" },
      { reason: "   " },
      { reason: "x".repeat(501) },
      { reason: "r", x: 1 },
    ]) {
      const res = await place(owner.keys.full, agent, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
    expect((await release(owner.keys.full, agent, "not-a-hold!")).status).toBe(400);
    const cursor = await h.request.get(holds(agent)).query({ cursor: "nope" }).set(bearer(owner.keys.full));
    expect(cursor.status).toBe(400);
    expect((await h.request.get(holds(agent)).set(bearer(owner.keys.full))).body.data).toEqual([]);
  });

  it("answers 404 for an agent without a log, another user's agent and another user's hold", async () => {
    const { agent } = await logged(owner.keys.full);
    const held = await place(owner.keys.full, agent);
    expect((await place(owner.keys.full, "agent-never-logged")).status).toBe(404);
    expect((await h.request.get(holds("agent-never-logged")).set(bearer(owner.keys.full))).status).toBe(404);
    // the stranger sees neither the agent nor its hold, and cannot place or release one
    expect((await h.request.get(holds(agent)).set(bearer(stranger.keys.full))).status).toBe(404);
    expect((await place(stranger.keys.full, agent)).status).toBe(404);
    expect((await release(owner.keys.full, agent, "hld_01JAZ0YQ8T9X2V3W4B5C6D7E8F")).status).toBe(404);
    const theirs = await release(stranger.keys.full, agent, held.body.hold_id);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("NOT_FOUND");
    // a hold of another agent of the same user is no hold of this one
    const { agent: otherAgent } = await logged(owner.keys.full);
    expect((await release(owner.keys.full, otherAgent, held.body.hold_id)).status).toBe(404);
    const still = await h.request.get(holds(agent)).set(bearer(owner.keys.full));
    expect(still.body.data[0].released_at).toBeNull();
  });

  it("only keys that may erase place or release (403); no key is a 401; a restricted key lists only its own agents", async () => {
    const { agent } = await logged(owner.keys.full);
    const held = await place(owner.keys.full, agent);
    for (const type of ["read_only", "public", "restricted"] as const) {
      const placed = await place(owner.keys[type], agent);
      expect(placed.status).toBe(403);
      expect(placed.body.error.code).toBe("INSUFFICIENT_PERMISSIONS");
      expect((await release(owner.keys[type], agent, held.body.hold_id)).status).toBe(403);
    }
    expect((await h.request.post(holds(agent)).send({ reason: "r" })).status).toBe(401);
    expect((await h.request.get(holds(agent))).status).toBe(401);
    // the restricted key reads only the contexts of its own key family: this agent is not one of them
    expect((await h.request.get(holds(agent)).set(bearer(owner.keys.restricted))).status).toBe(404);
    expect((await h.request.get(holds(agent)).set(bearer(owner.keys.read_only))).status).toBe(200);
  });
});

describe("erasure under a legal hold", () => {
  it("both erasure routes answer 409 naming the hold, erase nothing, and erase once it is released", async () => {
    const { agent, id } = await logged(owner.keys.full);
    const held = await place(owner.keys.full, agent);
    const single = await h.request.delete(`/v1/contexts/${id}/data`).set(bearer(owner.keys.full));
    expect(single.status).toBe(409);
    expect(single.body.error.code).toBe("CONFLICT");
    expect(single.body.error.message).toContain(held.body.hold_id);
    expect(single.body.error.message).toContain("legal hold");
    const whole = await h.request.delete(`/v1/agents/${agent}/data`).set(bearer(owner.keys.full));
    expect(whole.status).toBe(409);
    expect(whole.body.error.message).toContain(held.body.hold_id);
    expect((await h.db.context.findUniqueOrThrow({ where: { id } })).canonicalData).not.toBeNull();

    await release(owner.keys.full, agent, held.body.hold_id);
    const erased = await h.request
      .delete(`/v1/agents/${agent}/data`)
      .set(bearer(owner.keys.full))
      .send({ reason: "the hold was lifted" });
    expect(erased.body).toMatchObject({ erased: 1, remaining: 0, done: true });
    const read = await h.request.get(`/v1/contexts/${id}`).set(bearer(owner.keys.full));
    expect(read.body).toMatchObject({
      context_data: null,
      data_erasure_reason: "the hold was lifted",
      data_erasure_overrode_retention: false,
    });
  });

  it("keeps the reason: the context, its line of the export and its context.erased say it", async () => {
    const { agent, id } = await logged(owner.keys.full);
    const reason = "the data subject's request (GDPR Art. 17)";
    const res = await h.request
      .delete(`/v1/contexts/${id}/data`)
      .set(bearer(owner.keys.full))
      .send({ reason });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data_erasure_reason: reason, data_erasure_overrode_retention: false });
    const exported = await h.request.get(`/v1/agents/${agent}/export`).set(bearer(owner.keys.full));
    const [line] = String(exported.text).trim().split("\n");
    expect(JSON.parse(line ?? "{}")).toMatchObject({
      data_erased_at: res.body.data_erased_at,
      data_erasure_reason: reason,
    });
    const event = await h.db.outboxEvent.findFirstOrThrow({
      where: { contextId: id, event: "context.erased" },
    });
    expect(JSON.parse(event.payload).data.reason).toBe(reason);
    // erasing again keeps the first erasure's reason
    const again = await h.request
      .delete(`/v1/contexts/${id}/data`)
      .set(bearer(owner.keys.full))
      .send({ reason: "another" });
    expect(again.body.data_erasure_reason).toBe(reason);
  });

  it("refuses a reason over 500 characters, an unknown field, and override_retention without a reason (400)", async () => {
    const { agent, id } = await logged(owner.keys.full);
    for (const body of [{ reason: "x".repeat(501) }, { why: "r" }, { override_retention: true }]) {
      for (const path of [`/v1/contexts/${id}/data`, `/v1/agents/${agent}/data`]) {
        const res = await h.request.delete(path).set(bearer(owner.keys.full)).send(body);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe("VALIDATION_ERROR");
      }
    }
    expect((await h.db.context.findUniqueOrThrow({ where: { id } })).canonicalData).not.toBeNull();
  });
});

const BIN = path.join(__dirname, "../../../../../packages/sdk/bin/ctxlog.js");

/** The `ctxlog` bin as a user runs it, from source (CTXLOG_SDK_FROM_SOURCE=1): its exit code and output. */
const ctxlog = (args: string[]) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, CTXLOG_SDK_FROM_SOURCE: "1" }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, output: stdout + stderr });
      },
    );
  });

describe("the SDK and the CLI", () => {
  it("client.agents.holds places, lists and releases; an erasure under a hold is a 409 CtxlogApiError", async () => {
    const { agent, id } = await logged(owner.keys.full);
    const server = h.app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    try {
      const client = new CtxlogClient({ baseUrl, apiKey: owner.keys.full });
      const hold = await client.agents.holds.place(agent, { reason: "sdk hold" });
      expect(hold).toMatchObject({ agent_id: agent, reason: "sdk hold", released_at: null });
      const refused = await client.contexts.eraseData(id, { reason: "asked" }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(CtxlogApiError);
      expect(refused).toMatchObject({ status: 409, code: "CONFLICT" });
      const listed = [];
      for await (const x of client.agents.holds.listAll(agent)) listed.push(x);
      expect(listed).toEqual([hold]);
      expect((await client.agents.holds.release(agent, hold.hold_id)).released_at).not.toBeNull();
      expect(await client.agents.eraseData(agent, { reason: "sdk erasure" })).toEqual({ erased: 1 });
      expect((await client.contexts.get(id)).data_erasure_reason).toBe("sdk erasure");
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("`ctxlog hold`, `ctxlog holds` and `ctxlog hold release` do the same from a shell", async () => {
    const { agent } = await logged(owner.keys.full);
    const server = h.app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const auth = ["--api", api, "--key", owner.keys.full];
    try {
      const placed = await ctxlog(["hold", agent, "--reason", "cli hold", ...auth]);
      expect([placed.code, placed.output]).toEqual([
        0,
        expect.stringMatching(/^placed hld_\w+ {2}active .*: cli hold/),
      ]);
      const holdId = /hld_\w+/.exec(placed.output)?.[0] ?? "";
      const listed = await ctxlog(["holds", agent, "--json", ...auth]);
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.output)).toMatchObject([
        { hold_id: holdId, reason: "cli hold", released_at: null },
      ]);
      const released = await ctxlog(["hold", "release", agent, holdId, ...auth]);
      expect([released.code, released.output]).toEqual([
        0,
        expect.stringMatching(/^released hld_\w+ {2}released /),
      ]);
      expect(await ctxlog(["hold", agent, ...auth])).toMatchObject({
        code: 2,
        output: expect.stringMatching(/--reason/),
      });
      const refused = await ctxlog(["hold", "agent-never-logged", "--reason", "r", ...auth]);
      expect(refused).toMatchObject({ code: 4, output: expect.stringMatching(/No log for agent/) });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
