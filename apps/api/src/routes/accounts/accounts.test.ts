// Integration: real PostgreSQL and Redis; every response is held to the OpenAPI document.
import { createTestHarness, type TestHarness } from "../../testing/harness";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ PUBLIC_BASE_URL: "https://ctxlog.example/" });
});
afterAll(() => h.close());

const LINK = /^https:\/\/ctxlog\.example\/dashboard\/setup#token=([A-Za-z0-9_-]{43})$/;

describe("/v1/accounts", () => {
  it("an invitation creates an account of the same user whose link (shown once) sets it up", async () => {
    const s = await h.session(`usr-acc-${Date.now()}`);
    const invited = await s.agent
      .post("/v1/accounts/invitations")
      .set(s.csrfHeader)
      .send({ email: "New@Example.test" });
    expect(invited.status).toBe(201);
    expect(invited.body.email).toBe("new@example.test");
    const token = LINK.exec(invited.body.link)?.[1] ?? "";
    expect(token).not.toBe("");
    const minutes = (new Date(invited.body.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);

    const listed = await s.agent.get("/v1/accounts");
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((a: { email: string; status: string }) => [a.email, a.status])).toEqual([
      ["new@example.test", "invited"],
      [s.email, "active"],
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    const setup = await h.request.post("/v1/auth/setup").send({ token, password: "the invitee's password" });
    expect(setup.status).toBe(200);
    expect(setup.body.account).toMatchObject({ user_id: s.userId, email: "new@example.test" });
    const after = await s.agent.get("/v1/accounts?limit=1");
    expect(after.body.data[0]).toMatchObject({ email: "new@example.test", status: "active" });
    expect(after.body.next_cursor).not.toBeNull();
    const rest = await s.agent.get(`/v1/accounts?limit=1&cursor=${after.body.next_cursor}`);
    expect(rest.body.data[0].email).toBe(s.email);
  });

  it("an email already in use (any user, any case) is 409; a malformed one 400", async () => {
    const s = await h.session(`usr-acc-dup-${Date.now()}`);
    const other = await h.session(`usr-acc-dup2-${Date.now()}`);
    const taken = await s.agent
      .post("/v1/accounts/invitations")
      .set(s.csrfHeader)
      .send({ email: other.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("CONFLICT");
    const bad = await s.agent.post("/v1/accounts/invitations").set(s.csrfHeader).send({ email: "nope" });
    expect(bad.status).toBe(400);
  });

  it("another user's session sees only its own people", async () => {
    const s = await h.session(`usr-acc-a-${Date.now()}`);
    const other = await h.session(`usr-acc-b-${Date.now()}`);
    const listed = await other.agent.get("/v1/accounts");
    expect(listed.body.data.map((a: { email: string }) => a.email)).toEqual([other.email]);
    expect(JSON.stringify(listed.body)).not.toContain(s.email);
  });
});
