// Integration: real PostgreSQL and Redis; every response is held to the OpenAPI document.
import { hashOpaqueToken } from "@ctxlog/core";
import { createAccount, createSignInLink, removeAccount } from "@ctxlog/db";
import supertest from "supertest";
import { createApp } from "../../app";
import { FailedAuthLimiter } from "../../http/auth-failure-limit";
import { PASSWORD_HASH_COST, setPasswordHashCost } from "../../sessions/passwords";
import { bearer, createTestHarness, TEST_PASSWORD_HASH_COST, type TestHarness } from "../../testing/harness";
import { validatingAgent } from "../../testing/openapi-validator";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ SIGN_IN_ACCOUNT_LIMIT: "4", SIGN_IN_ADDRESS_LIMIT: "1000" });
});
afterAll(() => h.close());

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String((res.headers["set-cookie"] as string[] | undefined)?.[0] ?? "");
const tokenOf = (setCookie: string) => /^ctxlog_session=([^;]*)/.exec(setCookie)?.[1] ?? "";
let n = 0;
const email = () => `auth-${++n}-${Date.now()}@example.test`;
const PASSWORD = "correct horse battery staple";

/** The person with `email` is a member of another (new) user's dashboard too: invited there and joined. */
async function memberElsewhere(email: string) {
  const t = await h.tenant();
  const { account } = await createAccount(h.db, { userId: t.userId, email });
  const person = await h.db.person.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
  await h.db.account.update({ where: { id: account.id }, data: { personId: person.id } });
  return { userId: t.userId, accountId: account.id };
}

async function invited() {
  const t = await h.tenant();
  const { account, link } = await createAccount(h.db, { userId: t.userId, email: email() });
  return { t, account, link };
}

describe("POST /v1/auth/setup", () => {
  it("sets the password and signs in: HttpOnly, SameSite=Strict, Path=/ cookie; the link works once", async () => {
    const { account, link } = await invited();
    const res = await h.request.post("/v1/auth/setup").send({ token: link.token, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({
      account_id: account.id,
      email: account.email,
      user_id: account.userId,
    });
    expect(res.body.account.last_sign_in_at).not.toBeNull();
    expect(res.body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/^ctxlog_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain http, not configured
    expect(JSON.stringify(res.body)).not.toContain(tokenOf(cookie)); // the token is in the cookie only
    const stored = await h.db.session.findFirstOrThrow({ where: { accountId: account.id } });
    // only the token's SHA-256 is stored, as its 32 bytes
    expect(Buffer.from(stored.tokenHash).toString("hex")).toBe(hashOpaqueToken(tokenOf(cookie)));

    const again = await h.request.post("/v1/auth/setup").send({ token: link.token, password: PASSWORD });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe("INVALID_CREDENTIALS");
  });

  it("refuses an expired link, an unknown one and a malformed one alike", async () => {
    const { account } = await invited();
    const old = await createSignInLink(h.db, account.id, { now: new Date(Date.now() - 31 * 60_000) });
    for (const token of [old.token, "A".repeat(43), "not a token"]) {
      const res = await h.request.post("/v1/auth/setup").send({ token, password: PASSWORD });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("INVALID_CREDENTIALS");
    }
    expect((await h.db.account.findUniqueOrThrow({ where: { id: account.id } })).personId).toBeNull();
    expect(await h.db.person.count({ where: { email: account.email } })).toBe(0);
  });

  it("refuses a password shorter than 12 characters, without using the link", async () => {
    const { link } = await invited();
    const res = await h.request.post("/v1/auth/setup").send({ token: link.token, password: "short" });
    expect(res.status).toBe(400);
    const ok = await h.request.post("/v1/auth/setup").send({ token: link.token, password: PASSWORD });
    expect(ok.status).toBe(200);
  });

  it("refuses another site's Origin (login CSRF)", async () => {
    const { link } = await invited();
    const res = await h.request
      .post("/v1/auth/setup")
      .set("Origin", "https://evil.example")
      .send({ token: link.token, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("CSRF_TOKEN_INVALID");
  });
});

describe("POST /v1/auth/sign-in", () => {
  it("signs in with a new session token every time; both sessions work", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const first = await h.request
      .post("/v1/auth/sign-in")
      .send({ email: s.email.toUpperCase(), password: PASSWORD });
    const second = await h.request.post("/v1/auth/sign-in").send({ email: s.email, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const [a, b] = [tokenOf(cookieOf(first)), tokenOf(cookieOf(second))];
    expect(a).not.toBe(b);
    expect(a).not.toBe(tokenOf(s.cookie));
    expect(first.body.csrf_token).not.toBe(second.body.csrf_token);
    const who = await h.request.get("/v1/auth/session").set("Cookie", `ctxlog_session=${a}`);
    expect(who.status).toBe(200);
    expect(who.body.csrf_token).toBe(first.body.csrf_token);
  });

  it("gives the same answer, after similar work, for an unknown email, a wrong password and an invited account", async () => {
    // the service's own argon2 cost (the harness lowers it): the work compared here is the hashes'
    setPasswordHashCost(PASSWORD_HASH_COST);
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const { account: invitedOnly } = await invited();
    const attempts = [
      { email: `nobody-${Date.now()}@example.test`, password: PASSWORD },
      { email: s.email, password: "wrong password, long enough" },
      { email: invitedOnly.email, password: PASSWORD },
    ];
    const times: number[][] = [[], [], []];
    const bodies = new Set<string>();
    for (let round = 0; round < 3; round++) {
      for (const [i, body] of attempts.entries()) {
        const started = performance.now();
        const res = await h.request.post("/v1/auth/sign-in").send(body);
        times[i]?.push(performance.now() - started);
        expect(res.status).toBe(401);
        bodies.add(JSON.stringify({ ...res.body.error, request_id: undefined }));
      }
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0] ?? "{}").code).toBe("INVALID_CREDENTIALS");
    // every path verifies an argon2id hash (tens of ms): the unknown email is not the fast one
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] ?? 0;
    const [unknown, wrong, noPassword] = times.map(median) as [number, number, number];
    expect(unknown).toBeGreaterThan(wrong / 3);
    expect(noPassword).toBeGreaterThan(wrong / 3);
    setPasswordHashCost(TEST_PASSWORD_HASH_COST);
  });

  it("limits failures per account: 429 with Retry-After, even with the right password; other accounts unaffected", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    for (let i = 0; i < 4; i++) {
      const res = await h.request
        .post("/v1/auth/sign-in")
        .send({ email: s.email, password: `wrong-${i}-password` });
      expect(res.status).toBe(401);
    }
    const limited = await h.request.post("/v1/auth/sign-in").send({ email: s.email, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    const other = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const fine = await h.request.post("/v1/auth/sign-in").send({ email: other.email, password: PASSWORD });
    expect(fine.status).toBe(200);
  });

  it("limits failures per client address", async () => {
    // a limiter of its own (the harness's allows 1000)
    const byAddress = new FailedAuthLimiter(h.deps.redis, {
      prefix: `${h.prefix}:strict`,
      name: "signin:address",
      limit: 2,
      windowSeconds: 60,
    });
    const app = createApp({ ...h.deps, signInLimits: { ...h.deps.signInLimits, byAddress } });
    const agent = validatingAgent(supertest(app));
    for (let i = 0; i < 2; i++) {
      const res = await agent
        .post("/v1/auth/sign-in")
        .send({ email: `x${i}@example.test`, password: "whatever-123" });
      expect(res.status).toBe(401);
    }
    const limited = await agent
      .post("/v1/auth/sign-in")
      .send({ email: "y@example.test", password: "whatever-123" });
    expect(limited.status).toBe(429);
  });

  it("marks the cookie Secure when configured, and when the request came over https behind a trusted proxy", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const secure = validatingAgent(
      supertest(createApp({ ...h.deps, env: { ...h.env, SESSION_COOKIE_SECURE: true } })),
    );
    const a = await secure.post("/v1/auth/sign-in").send({ email: s.email, password: PASSWORD });
    expect(cookieOf(a)).toMatch(/; Secure/);
    const proxied = validatingAgent(
      supertest(createApp({ ...h.deps, env: { ...h.env, TRUST_PROXY: true } })),
    );
    const b = await proxied
      .post("/v1/auth/sign-in")
      .set("X-Forwarded-Proto", "https")
      .send({ email: s.email, password: PASSWORD });
    expect(cookieOf(b)).toMatch(/; Secure/);
  });
});

describe("sessions", () => {
  it("end after the idle timeout and after the absolute one, with 401 INVALID_SESSION and the cookie cleared", async () => {
    const s = await h.session((await h.tenant()).userId);
    expect((await s.agent.get("/v1/auth/session")).status).toBe(200);
    const row = await h.db.session.findFirstOrThrow({ where: { accountId: s.accountId, revokedAt: null } });
    await h.db.session.update({
      where: { id: row.id },
      data: { lastSeenAt: new Date(Date.now() - (h.env.SESSION_IDLE_TIMEOUT_HOURS * 3600 + 5) * 1000) },
    });
    const idle = await s.agent.get("/v1/auth/session");
    expect(idle.status).toBe(401);
    expect(idle.body.error.code).toBe("INVALID_SESSION");
    expect(cookieOf(idle)).toMatch(/^ctxlog_session=;.*Max-Age=0/);

    const t = await h.session((await h.tenant()).userId);
    await h.db.session.updateMany({
      where: { accountId: t.accountId },
      data: { absoluteExpiresAt: new Date(Date.now() - 1000) }, // last_seen_at stays fresh
    });
    const absolute = await t.agent.get("/v1/contexts");
    expect(absolute.status).toBe(401);
    expect(absolute.body.error.code).toBe("INVALID_SESSION");
    expect(absolute.headers["www-authenticate"]).toMatch(/^Bearer /); // the route also takes keys
  });

  it("a request moves the idle expiry forward (at most once a minute)", async () => {
    const s = await h.session((await h.tenant()).userId);
    const before = new Date(Date.now() - 10 * 60_000);
    await h.db.session.updateMany({ where: { accountId: s.accountId }, data: { lastSeenAt: before } });
    const res = await s.agent.get("/v1/auth/session");
    expect(res.status).toBe(200);
    const row = await h.db.session.findFirstOrThrow({ where: { accountId: s.accountId } });
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(new Date(res.body.expires_at).getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);
  });

  it("sign-out revokes the session and clears the cookie", async () => {
    const s = await h.session((await h.tenant()).userId);
    const out = await s.agent.post("/v1/auth/sign-out").set(s.csrfHeader);
    expect(out.status).toBe(204);
    expect(cookieOf(out)).toMatch(/^ctxlog_session=;/);
    const replay = await h.request.get("/v1/auth/session").set("Cookie", s.cookie);
    expect(replay.status).toBe(401);
  });

  it("sign-out-everywhere revokes every session of the person, in every user's dashboard, not other people's", async () => {
    const t = await h.tenant();
    const s = await h.session(t.userId, { password: PASSWORD });
    const elsewhere = await memberElsewhere(s.email);
    const other = await h.request.post("/v1/auth/sign-in").send({ email: s.email, password: PASSWORD });
    const there = await h.request
      .post("/v1/auth/sign-in")
      .send({ email: s.email, password: PASSWORD, user_id: elsewhere.userId });
    expect(there.body.account.user_id).toBe(elsewhere.userId);
    const colleague = await h.session(t.userId);
    expect((await s.agent.post("/v1/auth/sign-out-everywhere").set(s.csrfHeader)).status).toBe(204);
    expect((await h.request.get("/v1/auth/session").set("Cookie", s.cookie)).status).toBe(401);
    for (const res of [other, there]) {
      const cookie = cookieOf(res).split(";")[0] ?? "";
      expect((await h.request.get("/v1/auth/session").set("Cookie", cookie)).status).toBe(401);
    }
    expect((await colleague.agent.get("/v1/auth/session")).status).toBe(200);
  });

  it("a password change needs the current password, revokes every session (every user's) and rotates the cookie", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const elsewhere = await memberElsewhere(s.email);
    const second = await h.request
      .post("/v1/auth/sign-in")
      .send({ email: s.email, password: PASSWORD, user_id: elsewhere.userId });
    expect(second.body.account.user_id).toBe(elsewhere.userId);
    const wrong = await s.agent
      .post("/v1/auth/password")
      .set(s.csrfHeader)
      .send({ current_password: "not the password", new_password: "a brand new password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("INVALID_CREDENTIALS");
    expect(wrong.body.error.message).toBe("The current password is wrong.");
    expect((await s.agent.get("/v1/auth/session")).status).toBe(200); // still signed in

    const changed = await s.agent
      .post("/v1/auth/password")
      .set(s.csrfHeader)
      .send({ current_password: PASSWORD, new_password: "a brand new password" });
    expect(changed.status).toBe(200);
    const rotated = cookieOf(changed).split(";")[0] ?? "";
    expect(rotated).not.toBe(s.cookie);
    expect((await h.request.get("/v1/auth/session").set("Cookie", s.cookie)).status).toBe(401);
    const secondCookie = cookieOf(second).split(";")[0] ?? "";
    expect((await h.request.get("/v1/auth/session").set("Cookie", secondCookie)).status).toBe(401);
    expect((await h.request.get("/v1/auth/session").set("Cookie", rotated)).status).toBe(200);
    const old = await h.request.post("/v1/auth/sign-in").send({ email: s.email, password: PASSWORD });
    expect(old.status).toBe(401);
    const fresh = await h.request
      .post("/v1/auth/sign-in")
      .send({ email: s.email, password: "a brand new password", user_id: elsewhere.userId });
    expect(fresh.status).toBe(200); // one password, for every user's dashboard of the person
    expect(fresh.body.account.user_id).toBe(elsewhere.userId);
  });

  it("a state-changing request without the CSRF token, or with a wrong one, is 403 and changes nothing", async () => {
    const s = await h.session(`usr-csrf-${Date.now()}`); // a user without keys
    const attempts = [
      () => s.agent.post("/v1/keys").send({ type: "full" }),
      () => s.agent.post("/v1/keys").set("X-CSRF-Token", "A".repeat(43)).send({ type: "full" }),
      () => s.agent.post("/v1/keys").set("X-CSRF-Token", "").send({ type: "full" }),
      () =>
        s.agent
          .post("/v1/contexts")
          .set("X-CSRF-Token", `${s.csrf}x`)
          .send({ agent_id: "a", context_data: { x: 1 } }),
      () => s.agent.post("/v1/auth/sign-out"),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("CSRF_TOKEN_INVALID");
    }
    expect(await h.db.apiKey.count({ where: { userId: s.userId, accountId: null } })).toBe(0);
    expect(await h.db.context.count({ where: { userId: s.userId } })).toBe(0);
    expect((await s.agent.get("/v1/auth/session")).status).toBe(200); // sign-out did not happen
  });

  it("a request with Authorization ignores the cookie", async () => {
    const t = await h.tenant();
    const s = await h.session(t.userId);
    const withKey = await s.agent.get("/v1/status").set(bearer(t.keys.read_only));
    expect(withKey.body.key).toMatchObject({ key_id: t.keyIds.read_only, type: "read_only" });
    const badKey = await s.agent.get("/v1/status").set("Authorization", "Bearer nope");
    expect(badKey.status).toBe(401);
    expect(badKey.body.error.code).toBe("INVALID_API_KEY");
  });

  it("every session-only route is 401 INVALID_SESSION without a session, and 403 for an API key of any type", async () => {
    const t = await h.tenant();
    const routes: Array<[string, string]> = [
      ["get", "/v1/auth/session"],
      ["post", "/v1/auth/sign-out"],
      ["post", "/v1/auth/sign-out-everywhere"],
      ["post", "/v1/auth/password"],
      ["post", "/v1/auth/switch"],
      ["get", "/v1/accounts"],
      ["post", "/v1/accounts/invitations"],
      ["get", "/v1/keys"],
      ["post", "/v1/keys"],
      ["post", `/v1/keys/${t.keyIds.full}/revoke`],
      ["post", `/v1/keys/${t.keyIds.full}/roll`],
    ];
    const call = (method: string, url: string) =>
      (h.request as unknown as Record<string, (u: string) => supertest.Test>)[method]?.(
        url,
      ) as supertest.Test;
    for (const [method, url] of routes) {
      const none = await call(method, url);
      expect([url, none.status, none.body.error.code]).toEqual([url, 401, "INVALID_SESSION"]);
      const forged = await call(method, url).set("Cookie", `ctxlog_session=${"A".repeat(43)}`);
      expect([url, forged.status, forged.body.error.code]).toEqual([url, 401, "INVALID_SESSION"]);
      for (const type of ["full", "read_only", "public", "restricted"] as const) {
        const res = await call(method, url).set(bearer(t.keys[type]));
        expect([url, type, res.status, res.body.error.code]).toEqual([
          url,
          type,
          403,
          "INSUFFICIENT_PERMISSIONS",
        ]);
      }
    }
    // nothing was revoked or rolled by those keys
    const full = await h.db.apiKey.findUniqueOrThrow({ where: { id: t.keyIds.full } });
    expect([full.revokedAt, full.expiresAt]).toEqual([null, null]);
  });
});

describe("one person in several users' dashboards", () => {
  const signIn = (body: { email: string; password: string; user_id?: string }) =>
    h.request.post("/v1/auth/sign-in").send(body);

  it("signs in to the dashboard asked for, else the last used; the session lists every membership", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const b = await memberElsewhere(s.email);
    const toB = await signIn({ email: s.email, password: PASSWORD, user_id: b.userId });
    expect(toB.body.account).toMatchObject({ account_id: b.accountId, user_id: b.userId });
    expect(
      toB.body.memberships.map((m: { user_id: string; status: string }) => [m.user_id, m.status]),
    ).toEqual([
      [b.userId, "active"],
      [s.userId, "active"],
    ]);
    // no user_id, or one where the person is no member: the dashboard used last (b's, just now)
    for (const body of [
      { email: s.email, password: PASSWORD },
      { email: s.email, password: PASSWORD, user_id: "usr-nobody" },
    ]) {
      expect((await signIn(body)).body.account.user_id).toBe(b.userId);
    }
    const session = await s.agent.get("/v1/auth/session");
    expect(session.body.account.user_id).toBe(s.userId);
    expect(session.body.memberships).toHaveLength(2);
  });

  it("switching moves the session to another membership: a new cookie there, this one ended", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const b = await memberElsewhere(s.email);
    const switched = await s.agent
      .post("/v1/auth/switch")
      .set(s.csrfHeader)
      .send({ account_id: b.accountId });
    expect(switched.status).toBe(200);
    expect(switched.body.account.user_id).toBe(b.userId);
    expect(switched.body.csrf_token).not.toBe(s.csrf);
    const cookie = cookieOf(switched).split(";")[0] ?? "";
    expect(cookie).not.toBe(s.cookie);
    expect((await h.request.get("/v1/auth/session").set("Cookie", s.cookie)).status).toBe(401);
    const there = await h.request.get("/v1/keys").set("Cookie", cookie);
    expect(there.status).toBe(200); // acting as b's user now
    const other = await h.session((await h.tenant()).userId);
    const back = await h.request
      .post("/v1/auth/switch")
      .set("Cookie", cookie)
      .set("X-CSRF-Token", switched.body.csrf_token)
      .send({ account_id: other.accountId });
    expect([back.status, back.body.error.code]).toEqual([404, "NOT_FOUND"]); // someone else's
    for (const accountId of ["acc_01JAZ0YQ8T9X2V3W4B5C6D7E8F", "nope"]) {
      const res = await h.request
        .post("/v1/auth/switch")
        .set("Cookie", cookie)
        .set("X-CSRF-Token", switched.body.csrf_token)
        .send({ account_id: accountId });
      expect(res.status).toBe(404);
    }
    // a switch without the CSRF token changes nothing
    const forged = await h.request
      .post("/v1/auth/switch")
      .set("Cookie", cookie)
      .send({ account_id: s.accountId });
    expect(forged.status).toBe(403);
    expect((await h.request.get("/v1/auth/session").set("Cookie", cookie)).status).toBe(200);
  });

  it("an open invitation to the person's email is listed and joined by switching to it, or by signing in to it", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    const t1 = await h.tenant();
    const t2 = await h.tenant();
    const one = await createAccount(h.db, { userId: t1.userId, email: s.email });
    await createAccount(h.db, { userId: t2.userId, email: s.email });
    const session = await s.agent.get("/v1/auth/session");
    expect(
      session.body.memberships.map((m: { user_id: string; status: string }) => [m.user_id, m.status]),
    ).toEqual([
      [s.userId, "active"],
      [t2.userId, "invited"],
      [t1.userId, "invited"],
    ]);
    const joined = await s.agent
      .post("/v1/auth/switch")
      .set(s.csrfHeader)
      .send({ account_id: one.account.id });
    expect(joined.body.account.user_id).toBe(t1.userId);
    expect((await h.db.account.findUniqueOrThrow({ where: { id: one.account.id } })).personId).not.toBeNull();
    const signedIn = await signIn({ email: s.email, password: PASSWORD, user_id: t2.userId });
    expect(signedIn.body.account.user_id).toBe(t2.userId);
    expect(signedIn.body.memberships.every((m: { status: string }) => m.status === "active")).toBe(true);
  });

  it("a person whose email is not proven (set up before links were mailed, by a link its inviter held) joins no invitation", async () => {
    const s = await h.session((await h.tenant()).userId, { password: PASSWORD });
    await h.db.person.update({ where: { email: s.email.toLowerCase() }, data: { emailVerifiedAt: null } });
    const t = await h.tenant();
    const { account, link } = await createAccount(h.db, { userId: t.userId, email: s.email });
    const session = await s.agent.get("/v1/auth/session");
    expect(session.body.memberships.map((m: { user_id: string }) => m.user_id)).toEqual([s.userId]);
    const refused = await s.agent.post("/v1/auth/switch").set(s.csrfHeader).send({ account_id: account.id });
    expect(refused.status).toBe(404);
    const signedIn = await signIn({ email: s.email, password: PASSWORD, user_id: t.userId });
    expect(signedIn.body.account.user_id).toBe(s.userId);
    // the link mailed to the address proves it: the invitation is joined, the email proven
    const setup = await h.request.post("/v1/auth/setup").send({ token: link.token, password: PASSWORD });
    expect(setup.body.account.user_id).toBe(t.userId);
    const person = await h.db.person.findUniqueOrThrow({ where: { email: s.email.toLowerCase() } });
    expect(person.emailVerifiedAt).not.toBeNull();
  });

  it("a person with no dashboard left to enter gets the answer of a wrong password", async () => {
    const t = await h.tenant();
    const s = await h.session(t.userId, { password: PASSWORD });
    await removeAccount(h.db, { userId: t.userId, accountId: s.accountId, allowLast: true });
    const res = await signIn({ email: s.email, password: PASSWORD });
    expect([res.status, res.body.error.code]).toEqual([401, "INVALID_CREDENTIALS"]);
  });
});
