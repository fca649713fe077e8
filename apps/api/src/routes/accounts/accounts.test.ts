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

  it("an email of this user is 409; an email that signs in elsewhere is invited exactly like any other", async () => {
    const s = await h.session(`usr-acc-dup-${Date.now()}`);
    const other = await h.session(`usr-acc-dup2-${Date.now()}`);
    const own = await s.agent
      .post("/v1/accounts/invitations")
      .set(s.csrfHeader)
      .send({ email: s.email.toUpperCase() });
    expect([own.status, own.body.error?.code]).toEqual([409, "CONFLICT"]);
    const bad = await s.agent.post("/v1/accounts/invitations").set(s.csrfHeader).send({ email: "nope" });
    expect(bad.status).toBe(400);

    // the same answer for another user's person and for a stranger: nothing tells them apart
    const elsewhere = await s.agent
      .post("/v1/accounts/invitations")
      .set(s.csrfHeader)
      .send({ email: other.email.toUpperCase() });
    const stranger = await s.agent
      .post("/v1/accounts/invitations")
      .set(s.csrfHeader)
      .send({ email: `stranger-${Date.now()}@example.test` });
    const shape = (res: {
      status: number;
      headers: Record<string, unknown>;
      body: Record<string, unknown>;
    }) => ({
      status: res.status,
      headers: Object.keys(res.headers)
        .filter((k) => !["date", "x-request-id", "content-length", "etag"].includes(k))
        .sort(),
      body: Object.keys(res.body).sort(),
      cacheControl: res.headers["cache-control"],
    });
    expect(shape(elsewhere)).toEqual(shape(stranger));
    expect(elsewhere.body.email).toBe(other.email);
    const invitations = await s.agent.get("/v1/accounts/invitations");
    expect(invitations.body.data.map((i: { email: string; status: string }) => [i.email, i.status])).toEqual([
      [stranger.body.email, "pending"],
      [other.email, "pending"],
    ]);

    // accepting: the link of the email that signs in elsewhere answers like a dead link, changes nothing
    const token = (res: { body: { link: string } }) => LINK.exec(res.body.link)?.[1] ?? "";
    const dead = await h.request
      .post("/v1/auth/setup")
      .send({ token: "x".repeat(43), password: "a quite new password" });
    const refused = await h.request
      .post("/v1/auth/setup")
      .send({ token: token(elsewhere), password: "a quite new password" });
    expect([refused.status, refused.body.error.code, refused.body.error.message]).toEqual([
      dead.status,
      dead.body.error.code,
      dead.body.error.message,
    ]);
    expect(refused.status).toBe(401);
    // the person still signs in to their own account, with their own password
    const signIn = await h.request
      .post("/v1/auth/sign-in")
      .send({ email: other.email, password: other.password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.account.user_id).toBe(other.userId);
    // the stranger sets theirs up as usual
    const accepted = await h.request
      .post("/v1/auth/setup")
      .send({ token: token(stranger), password: "a quite new password" });
    expect(accepted.status).toBe(200);
  });

  it("invitations are listed and revocable: a revoked link stops working at once", async () => {
    const s = await h.session(`usr-acc-inv-${Date.now()}`);
    const invited = await s.agent
      .post("/v1/accounts/invitations")
      .set(s.csrfHeader)
      .send({ email: `inv-${Date.now()}@example.test` });
    const listed = await s.agent.get("/v1/accounts/invitations");
    expect(listed.body.data).toEqual([
      {
        account_id: invited.body.account_id,
        email: invited.body.email,
        invited_by: s.accountId,
        created_at: expect.any(String),
        expires_at: invited.body.expires_at,
        status: "pending",
      },
    ]);
    // another user's session: the same 404 as an unknown one
    const other = await h.session(`usr-acc-inv2-${Date.now()}`);
    const foreign = await other.agent
      .delete(`/v1/accounts/invitations/${invited.body.account_id}`)
      .set(other.csrfHeader);
    expect(foreign.status).toBe(404);
    // an active account is no invitation
    const notInvitation = await s.agent.delete(`/v1/accounts/invitations/${s.accountId}`).set(s.csrfHeader);
    expect(notInvitation.status).toBe(404);
    const revoked = await s.agent
      .delete(`/v1/accounts/invitations/${invited.body.account_id}`)
      .set(s.csrfHeader);
    expect(revoked.body).toEqual({ account_id: invited.body.account_id, deleted: true });
    expect((await s.agent.get("/v1/accounts/invitations")).body.data).toEqual([]);
    const token = LINK.exec(invited.body.link)?.[1] ?? "";
    const setup = await h.request.post("/v1/auth/setup").send({ token, password: "a quite new password" });
    expect(setup.status).toBe(401);
  });

  it("disable, enable and remove a person: sessions and links end at once; never the last account", async () => {
    const s = await h.session(`usr-acc-ppl-${Date.now()}`);
    // alone: neither disabling nor removing oneself is possible
    for (const res of [
      await s.agent.post(`/v1/accounts/${s.accountId}/disable`).set(s.csrfHeader),
      await s.agent.delete(`/v1/accounts/${s.accountId}`).set(s.csrfHeader),
    ]) {
      expect([res.status, res.body.error.code]).toEqual([409, "CONFLICT"]);
    }
    const colleague = await h.session(s.userId);
    const link = await s.agent
      .post("/v1/accounts/invitations")
      .set(s.csrfHeader)
      .send({ email: `pending-${Date.now()}@example.test` });

    const disabled = await s.agent.post(`/v1/accounts/${colleague.accountId}/disable`).set(s.csrfHeader);
    expect(disabled.body).toMatchObject({ account_id: colleague.accountId, status: "disabled" });
    expect((await colleague.agent.get("/v1/auth/session")).status).toBe(401);
    const signIn = () =>
      h.request.post("/v1/auth/sign-in").send({ email: colleague.email, password: colleague.password });
    const refused = await signIn();
    expect([refused.status, refused.body.error.code]).toEqual([401, "INVALID_CREDENTIALS"]);
    // a disabled account does not count: s is now the last one and stays
    expect((await s.agent.delete(`/v1/accounts/${s.accountId}`).set(s.csrfHeader)).status).toBe(409);
    // an invitation does not count either (it cannot sign in yet)
    expect((await s.agent.post(`/v1/accounts/${s.accountId}/disable`).set(s.csrfHeader)).status).toBe(409);
    const listed = await s.agent.get("/v1/accounts");
    expect(listed.body.data.map((a: { status: string }) => a.status).sort()).toEqual([
      "active",
      "disabled",
      "invited",
    ]);

    const enabled = await s.agent.post(`/v1/accounts/${colleague.accountId}/enable`).set(s.csrfHeader);
    expect(enabled.body.status).toBe("active");
    const back = await signIn();
    expect(back.status).toBe(200);
    const cookie = String(back.headers["set-cookie"]?.[0]).split(";")[0] ?? "";

    // now s may remove itself; the colleague then removes the invitation's account too
    const removedSelf = await s.agent.delete(`/v1/accounts/${s.accountId}`).set(s.csrfHeader);
    expect(removedSelf.body).toEqual({ account_id: s.accountId, deleted: true });
    expect((await s.agent.get("/v1/auth/session")).status).toBe(401);
    const signInRemoved = await h.request
      .post("/v1/auth/sign-in")
      .send({ email: s.email, password: s.password });
    expect(signInRemoved.status).toBe(401);
    const removed = await h.request
      .delete(`/v1/accounts/${link.body.account_id}`)
      .set("Cookie", cookie)
      .set("X-CSRF-Token", back.body.csrf_token);
    expect(removed.status).toBe(200);
    const token = LINK.exec(link.body.link)?.[1] ?? "";
    expect(
      (await h.request.post("/v1/auth/setup").send({ token, password: "a quite new password" })).status,
    ).toBe(401);
    // the removed person's email may be invited again
    const again = await h.request
      .post("/v1/accounts/invitations")
      .set("Cookie", cookie)
      .set("X-CSRF-Token", back.body.csrf_token)
      .send({ email: s.email });
    expect(again.status).toBe(201);
    // another user's account: 404, as unknown and malformed ids
    const other = await h.session(`usr-acc-ppl2-${Date.now()}`);
    for (const id of [colleague.accountId, "acc_01JAZ0YQ8T9X2V3W4B5C6D7E8F", "nope"]) {
      expect((await other.agent.post(`/v1/accounts/${id}/disable`).set(other.csrfHeader)).status).toBe(404);
      expect((await other.agent.delete(`/v1/accounts/${id}`).set(other.csrfHeader)).status).toBe(404);
    }
  });

  it("two people removing each other at once: one of them stays", async () => {
    const a = await h.session(`usr-acc-race-${Date.now()}`);
    const b = await h.session(a.userId);
    const [x, y] = await Promise.all([
      a.agent.delete(`/v1/accounts/${b.accountId}`).set(a.csrfHeader),
      b.agent.delete(`/v1/accounts/${a.accountId}`).set(b.csrfHeader),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(await h.db.account.count({ where: { userId: a.userId } })).toBe(1);
  });

  it("another user's session sees only its own people", async () => {
    const s = await h.session(`usr-acc-a-${Date.now()}`);
    const other = await h.session(`usr-acc-b-${Date.now()}`);
    const listed = await other.agent.get("/v1/accounts");
    expect(listed.body.data.map((a: { email: string }) => a.email)).toEqual([other.email]);
    expect(JSON.stringify(listed.body)).not.toContain(s.email);
  });
});
