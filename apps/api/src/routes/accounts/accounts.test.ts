// Integration: real PostgreSQL, Redis and a real SMTP server on loopback (smtp-server), which
// receives the invitations; every response is held to the OpenAPI document.
import { Writable } from "node:stream";
import { type CapturedMail, type SmtpCapture, setupTokenIn, startSmtpCapture } from "@ctxlog/mail/testing";
import { createTestHarness, type TestHarness } from "../../testing/harness";

const logLines: string[] = [];
let h: TestHarness;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  h = await createTestHarness(
    {
      PUBLIC_BASE_URL: "https://ctxlog.example/",
      SMTP_URL: smtp.url,
      MAIL_FROM: "ctxlog <no-reply@ctxlog.example>",
      LOG_LEVEL: "info",
    },
    {
      logTo: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
  );
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

const LINK = /https:\/\/ctxlog\.example\/dashboard\/setup#token=([A-Za-z0-9_-]{43})/;
const linkIn = (mail: CapturedMail) => LINK.exec(mail.text)?.[0] ?? "";
let n = 0;
const address = (label: string) => `${label}-${++n}-${Date.now()}@example.test`;

/** What an answer lets the inviter see, but the values that differ for every email anyway. */
const shape = (res: { status: number; headers: Record<string, unknown>; body: Record<string, unknown> }) => ({
  status: res.status,
  headers: Object.keys(res.headers)
    .filter((k) => !["date", "x-request-id", "content-length", "etag"].includes(k))
    .sort(),
  body: Object.keys(res.body).sort(),
  cacheControl: res.headers["cache-control"],
  weekAhead: Math.round((new Date(String(res.body.expires_at)).getTime() - Date.now()) / 3_600_000),
});

describe("/v1/accounts", () => {
  it("an invitation is mailed to the email, never shown to the inviter; its link sets the account up", async () => {
    const s = await h.session(`usr-acc-${Date.now()}`);
    const invited = await s.agent
      .post("/v1/accounts/invitations")
      .set(s.csrfHeader)
      .send({ email: "New@Example.test" });
    expect(invited.status).toBe(201);
    expect(invited.body).toEqual({
      account_id: expect.stringMatching(/^acc_/),
      email: "new@example.test",
      expires_at: expect.any(String),
    });
    const days = (new Date(invited.body.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);

    const mail = await smtp.nextMailTo("new@example.test");
    expect(mail.subject).toBe(`You are invited to ${s.userId} on ctxlog`);
    expect(mail.text).toContain(`${s.email} invited you to the ctxlog dashboard of ${s.userId}.`);
    expect(mail.fromHeader).toBe('"ctxlog" <no-reply@ctxlog.example>');
    const token = setupTokenIn(mail);
    expect(linkIn(mail)).toBe(`https://ctxlog.example/dashboard/setup#token=${token}`);
    expect(JSON.stringify(invited.body)).not.toContain(token);

    const listed = await s.agent.get("/v1/accounts");
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

  it("an email that signs in elsewhere: the same answer; the mail goes to its owner, who joins", async () => {
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
      .send({ email: address("stranger") });
    expect(shape(elsewhere)).toEqual(shape(stranger));
    expect(elsewhere.body.email).toBe(other.email);
    const invitations = await s.agent.get("/v1/accounts/invitations");
    expect(invitations.body.data.map((i: { email: string; status: string }) => [i.email, i.status])).toEqual([
      [stranger.body.email, "pending"],
      [other.email, "pending"],
    ]);

    // the owner of the email gets "you were added": sign in, or the link when the password is lost
    const toOwner = await smtp.nextMailTo(other.email);
    expect(toOwner.subject).toBe(`You were added to ${s.userId} on ctxlog`);
    expect(toOwner.text).toContain(`https://ctxlog.example/dashboard/sign-in?user=${s.userId}`);
    const toStranger = await smtp.nextMailTo(stranger.body.email);
    expect(toStranger.subject).toBe(`You are invited to ${s.userId} on ctxlog`);

    // signing in to that user's dashboard joins it; their own stays theirs, with the same password
    const signIn = await h.request
      .post("/v1/auth/sign-in")
      .send({ email: other.email, password: other.password, user_id: s.userId });
    expect(signIn.status).toBe(200);
    expect(signIn.body.account).toMatchObject({ user_id: s.userId, email: other.email });
    expect(
      signIn.body.memberships.map((m: { user_id: string; status: string }) => [m.user_id, m.status]),
    ).toEqual([
      [s.userId, "active"],
      [other.userId, "active"],
    ]);
    const people = await s.agent.get("/v1/accounts");
    expect(people.body.data.find((a: { email: string }) => a.email === other.email).status).toBe("active");
    // the stranger's link sets theirs up as usual
    const accepted = await h.request
      .post("/v1/auth/setup")
      .send({ token: setupTokenIn(toStranger), password: "a quite new password" });
    expect(accepted.status).toBe(200);
  });

  it("setting up a link of an email that already has a password reveals nothing: it sets that person's password", async () => {
    const s = await h.session(`usr-acc-setup-${Date.now()}`);
    const other = await h.session(`usr-acc-setup2-${Date.now()}`);
    const stranger = address("fresh");
    for (const email of [other.email, stranger]) {
      await s.agent.post("/v1/accounts/invitations").set(s.csrfHeader).send({ email });
    }
    const setUp = async (email: string) =>
      h.request
        .post("/v1/auth/setup")
        .send({ token: setupTokenIn(await smtp.nextMailTo(email)), password: "one new password here" });
    const known = await setUp(other.email);
    const unknown = await setUp(stranger);
    const view = (res: { status: number; body: Record<string, unknown> }) => ({
      status: res.status,
      keys: Object.keys(res.body).sort(),
      userId: (res.body.account as { user_id: string }).user_id,
      memberships: (res.body.memberships as unknown[]).length > 0,
    });
    expect(view(known)).toEqual(view(unknown));
    // the mailbox's owner chose a new password: the old one no longer signs in, anywhere
    const old = await h.request
      .post("/v1/auth/sign-in")
      .send({ email: other.email, password: other.password });
    expect(old.status).toBe(401);
    expect((await other.agent.get("/v1/auth/session")).status).toBe(401); // their sessions ended
    const fresh = await h.request
      .post("/v1/auth/sign-in")
      .send({ email: other.email, password: "one new password here", user_id: other.userId });
    expect(fresh.body.account.user_id).toBe(other.userId);
  });

  it("inviting an open invitation's email again mails a new link; the old one stops working", async () => {
    const s = await h.session(`usr-acc-again-${Date.now()}`);
    const email = address("again");
    const first = await s.agent.post("/v1/accounts/invitations").set(s.csrfHeader).send({ email });
    const firstToken = setupTokenIn(await smtp.nextMailTo(email));
    const second = await s.agent.post("/v1/accounts/invitations").set(s.csrfHeader).send({ email });
    expect(shape(second)).toEqual(shape(first));
    expect(second.body.account_id).toBe(first.body.account_id);
    const secondToken = setupTokenIn(await smtp.nextMailTo(email));
    expect(secondToken).not.toBe(firstToken);
    const dead = await h.request
      .post("/v1/auth/setup")
      .send({ token: firstToken, password: "a quite new password" });
    expect(dead.status).toBe(401);
    const ok = await h.request
      .post("/v1/auth/setup")
      .send({ token: secondToken, password: "a quite new password" });
    expect(ok.status).toBe(200);
    // now a member: inviting again is a 409 (this user's own people)
    const member = await s.agent.post("/v1/accounts/invitations").set(s.csrfHeader).send({ email });
    expect(member.status).toBe(409);
  });

  it("invitations are listed and revocable: a revoked link stops working at once", async () => {
    const s = await h.session(`usr-acc-inv-${Date.now()}`);
    const invited = await s.agent
      .post("/v1/accounts/invitations")
      .set(s.csrfHeader)
      .send({ email: address("inv") });
    const token = setupTokenIn(await smtp.nextMailTo(invited.body.email));
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
      .send({ email: address("pending") });
    const pendingToken = setupTokenIn(await smtp.nextMailTo(link.body.email));

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
    expect(
      (await h.request.post("/v1/auth/setup").send({ token: pendingToken, password: "a quite new password" }))
        .status,
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

  it("SMTP down: the same answer at once; the failure is logged and retried", async () => {
    const down = await startSmtpCapture();
    await down.close(); // nothing listens on its port any more
    const lines: string[] = [];
    const broken = await createTestHarness(
      { SMTP_URL: down.url, MAIL_FROM: "no-reply@ctxlog.example", LOG_LEVEL: "info" },
      {
        logTo: new Writable({
          write(chunk, _encoding, done) {
            lines.push(chunk.toString());
            done();
          },
        }),
      },
    );
    try {
      const s = await broken.session(`usr-acc-down-${Date.now()}`);
      const res = await s.agent
        .post("/v1/accounts/invitations")
        .set(s.csrfHeader)
        .send({ email: address("down") });
      const up = await h.session(`usr-acc-up-${Date.now()}`);
      const fine = await up.agent
        .post("/v1/accounts/invitations")
        .set(up.csrfHeader)
        .send({ email: address("up") });
      expect(shape(res)).toEqual(shape(fine));
      for (let i = 0; i < 200 && !lines.join("").includes("mail not sent yet"); i++) {
        await new Promise((r) => setTimeout(r, 25));
      }
      const warned = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "mail not sent yet: retrying");
      expect(warned).toMatchObject({
        level: 40,
        mail: "invitation",
        accountId: res.body.account_id,
        attempt: 1,
        retryInMs: 10_000,
      });
      expect(warned.err).toMatch(/ECONNREFUSED/);
    } finally {
      await broken.close(); // the retry waiting is given up, and logged
    }
    expect(lines.join("")).toContain("mail not sent: the process stopped before its retry");
  });

  it("without SMTP_URL outside development, invitations answer 503 for every email, writing nothing", async () => {
    const production = await createTestHarness({
      CTXLOG_DEV_MODE: "false",
      ATTESTATION_PRIVATE_KEY: `0x${"1".repeat(64)}`,
    });
    try {
      const s = await production.session(`usr-acc-nosmtp-${Date.now()}`);
      for (const email of [s.email.replace(/^/, "x"), address("nosmtp")]) {
        const res = await s.agent.post("/v1/accounts/invitations").set(s.csrfHeader).send({ email });
        expect([res.status, res.body.error.code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
        expect(res.body.error.message).toMatch(/SMTP_URL/);
      }
      expect(await production.db.account.count({ where: { userId: s.userId } })).toBe(1);
    } finally {
      await production.close();
    }
  });

  it("in development without SMTP_URL the mail is printed in the API's output, marked as not sent", async () => {
    const printed: string[] = [];
    const dev = await createTestHarness({}, { printMail: (text) => printed.push(text) });
    try {
      const s = await dev.session(`usr-acc-dev-${Date.now()}`);
      const email = address("dev");
      const res = await s.agent.post("/v1/accounts/invitations").set(s.csrfHeader).send({ email });
      expect(res.status).toBe(201);
      await dev.deps.mail?.idle();
      expect(printed).toHaveLength(1);
      expect(printed[0]).toContain("ctxlog mail, NOT SENT (development: SMTP_URL is unset)");
      const token = setupTokenIn({ text: printed[0] ?? "" });
      const setup = await dev.request
        .post("/v1/auth/setup")
        .send({ token, password: "a quite new password" });
      expect(setup.status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});
