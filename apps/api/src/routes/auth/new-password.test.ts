// Integration: real PostgreSQL and Redis; every response is held to the OpenAPI document.
// A new password (setup, change) is neither easy to guess (zxcvbn) nor one containing the email's name.
import { createAccount } from "@ctxlog/db";
import { createTestHarness, type TestHarness } from "../../testing/harness";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(() => h.close());

describe("a new password", () => {
  it("at setup: a guessable one or one containing the email's name is 400 saying why, and the link still works", async () => {
    const t = await h.tenant();
    const email = `margaret.hamilton-${Date.now()}@example.test`;
    const { link } = await createAccount(h.db, { userId: t.userId, email });
    const common = await h.request
      .post("/v1/auth/setup")
      .send({ token: link.token, password: "qwerty123456" });
    expect(common.status).toBe(400);
    expect(common.body.error).toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringMatching(/password: it is too easy to guess .*commonly used password/),
      details: [{ path: "password", message: expect.stringMatching(/too easy to guess/) }],
    });
    // 16 characters pass the schema's length, not the estimator
    const repeated = await h.request
      .post("/v1/auth/setup")
      .send({ token: link.token, password: "passwordpassword" });
    expect([repeated.status, repeated.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(repeated.body.error.message).toMatch(/too easy to guess \(strength [0-2] of 4; at least 3/);
    const named = await h.request
      .post("/v1/auth/setup")
      .send({ token: link.token, password: `${email.split("@")[0]?.toUpperCase()}!` });
    expect(named.status).toBe(400);
    expect(named.body.error.message).toMatch(/contains the name of the account's email/);
    const ok = await h.request
      .post("/v1/auth/setup")
      .send({ token: link.token, password: "an unusual and long passphrase" });
    expect(ok.status).toBe(200);
  });

  it("at a password change: the same rules; the session and the old password stay", async () => {
    const s = await h.session(`usr-newpw-${Date.now()}`);
    const change = (new_password: string) =>
      s.agent
        .post("/v1/auth/password")
        .set(s.csrfHeader)
        .send({ current_password: s.password, new_password });
    const common = await change("1q2w3e4r5t6y");
    expect([common.status, common.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(common.body.error.message).toMatch(/too easy to guess/);
    expect((await change("111111111111")).body.error.message).toMatch(/too easy to guess/);
    const named = await change(`my ${s.email.split("@")[0]} password`);
    expect(named.body.error.message).toMatch(/contains the name/);
    expect((await s.agent.get("/v1/auth/session")).status).toBe(200);
    const signIn = await h.request.post("/v1/auth/sign-in").send({ email: s.email, password: s.password });
    expect(signIn.status).toBe(200);
  });
});
