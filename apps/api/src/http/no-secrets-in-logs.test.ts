// Integration: real PostgreSQL and Redis; every log line the API writes is captured.
import { Writable } from "node:stream";
import { waitFor } from "@ctxlog/core/testing";
import { type SmtpCapture, setupTokenIn, startSmtpCapture } from "@ctxlog/mail/testing";
import { bearer, createTestHarness, TEST_ATTESTATION_KEY, type TestHarness } from "../testing/harness";

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let h: TestHarness;
let smtp: SmtpCapture;
const SMTP_PASSWORD = "smtp-pass-never-logged-0123";
beforeAll(async () => {
  smtp = await startSmtpCapture({ auth: { user: "ctxlog", pass: SMTP_PASSWORD } });
  h = await createTestHarness(
    {
      LOG_LEVEL: "trace",
      WEBHOOK_ALLOW_INSECURE_URLS: "true",
      SMTP_URL: smtp.url,
      MAIL_FROM: "ctxlog <no-reply@ctxlog.test>",
    },
    { logTo: capture },
  );
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

describe("logs (captured at trace level)", () => {
  it("carry request ids, and never an API key, a signature secret or a webhook secret", async () => {
    const t = await h.tenant();
    const secrets: string[] = Object.values(t.keys);
    for (const key of secrets) {
      await h.request.get("/v1/status").set(bearer(key));
      await h.request.get("/v1/contexts").set(bearer(key));
    }
    await h.request.get("/v1/status").set(bearer(`${t.keys.full}x`)); // an invalid key is still a secret-looking value
    secrets.push(`${t.keys.full}x`);
    const hook = await h.request
      .post("/v1/webhooks")
      .set(bearer(t.keys.full))
      .send({
        url: "http://receiver.example/hooks",
        events: ["context.created"],
        secret: "whsec_bG9nLXRlc3Qtc2VjcmV0LTAxMjM0NTY3ODk=",
      });
    expect(hook.status).toBe(201);
    secrets.push(hook.body.secret);
    const rotated = await h.request
      .post(`/v1/webhooks/${hook.body.webhook_id}/rotate-secret`)
      .set(bearer(t.keys.full));
    expect(rotated.status).toBe(200);
    secrets.push(rotated.body.secret);
    await waitFor(() => lines.join("").includes("/rotate-secret"), { what: "the last request's log line" });

    const log = lines.join("");
    expect(log).toContain('"req":{"id":"req_');
    for (const secret of secrets) expect(log).not.toContain(secret);
    // the signer key the app under test actually holds (not whatever the shell exported)
    expect(h.env.ATTESTATION_PRIVATE_KEY).toBe(TEST_ATTESTATION_KEY);
    expect(log.toLowerCase()).not.toContain(TEST_ATTESTATION_KEY.slice(2).toLowerCase());
  });

  it("never write a key or webhook secret sent in the URL (refused, but still logged)", async () => {
    const t = await h.tenant();
    const whsec = "whsec_bG9nLXRlc3Qtc2VjcmV0LTAxMjM0NTY3ODk=";
    const sent: Array<[string, string]> = [];
    for (const key of Object.values(t.keys)) {
      sent.push([`/v1/status?api_key=${key}`, key]);
      sent.push([`/v1/status?limit=1&ACCESS_TOKEN=${encodeURIComponent(key)}`, key]);
      sent.push([`/v1/contexts?agent_id=${key}`, key]); // any parameter: a key is a key
      sent.push([`/v1/contexts/${key}`, key]);
    }
    sent.push([`/v1/webhooks?secret=${encodeURIComponent(whsec)}`, whsec]);
    sent.push([`/v1/webhooks?q=${whsec}`, whsec]);
    sent.push(["/v1/status?password=hunter2-correct-horse", "hunter2-correct-horse"]);
    sent.push(["/v1/status?signature=0xdeadbeefcafebabe", "0xdeadbeefcafebabe"]);
    lines.length = 0;
    for (const [url] of sent) {
      const res = await h.request.get(url);
      expect(res.status).toBe(401); // no Authorization header: a key in the URL is not a credential
    }
    await new Promise((r) => setTimeout(r, 50));

    const log = lines.join("");
    expect(log.match(/"msg":"request completed"/g)).toHaveLength(sent.length);
    expect(log).toContain("[redacted]");
    for (const [, secret] of sent) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
      expect(log).not.toContain(secret.slice(-16)); // nor its random part
    }
    expect(log).toContain('"url":"/v1/status?limit=1&ACCESS_TOKEN=[redacted]"');
  });

  it("never write a dashboard password, session token, CSRF token or sign-in link token", async () => {
    lines.length = 0;
    const password = "log-test password 0123456789";
    const s = await h.session(`usr-logs-${Date.now()}`, { password });
    const token = s.cookie.replace(/^ctxlog_session=/, "");
    const secrets = [password, token, s.csrf];
    const signIn = await h.request.post("/v1/auth/sign-in").send({ email: s.email, password });
    secrets.push(signIn.body.csrf_token, String(signIn.headers["set-cookie"]?.[0]).split(";")[0] ?? "");
    await h.request.post("/v1/auth/sign-in").send({ email: s.email, password: `${password}-wrong` });
    secrets.push(`${password}-wrong`);
    const invitee = `x-${Date.now()}@example.test`;
    await s.agent.post("/v1/accounts/invitations").set(s.csrfHeader).send({ email: invitee });
    const linkToken = setupTokenIn(await smtp.nextMailTo(invitee));
    expect(linkToken).toHaveLength(43);
    secrets.push(linkToken, SMTP_PASSWORD);
    await h.request.post("/v1/auth/setup").send({ token: linkToken, password: `${password}-new` });
    secrets.push(`${password}-new`);
    await s.agent.post("/v1/keys").send({ type: "full" }); // refused: no CSRF token
    await s.agent.post("/v1/keys").set("X-CSRF-Token", "A".repeat(43)).send({ type: "full" });
    const changed = await s.agent
      .post("/v1/auth/password")
      .set(s.csrfHeader)
      .send({ current_password: password, new_password: `${password}-changed` });
    expect(changed.status).toBe(200);
    secrets.push(`${password}-changed`, changed.body.csrf_token);
    await h.request.get("/v1/auth/session").set("Cookie", s.cookie); // a revoked session's cookie
    await new Promise((r) => setTimeout(r, 50));

    const log = lines.join("");
    expect(log.match(/"msg":"request completed"/g)?.length).toBeGreaterThanOrEqual(8);
    expect(log).toContain('"msg":"mail sent"'); // the mail's outcome is logged, not its link
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain("ctxlog_session=");
    expect(log.toLowerCase()).not.toContain("x-csrf-token");
  });
});
