// Integration: a real SMTP server on loopback (smtp-server), reached over TCP by nodemailer.
import { createServer } from "node:net";
import { invitationMail } from "./account-mails";
import { createSmtpSender, describeSmtpUrl } from "./smtp-sender";
import { type SmtpCapture, setupLinkIn, startSmtpCapture } from "./testing";

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture({ auth: { user: "ctxlog", pass: "s3cret/pass" } });
});
afterAll(() => smtp.close());

const mail = (to: string) =>
  invitationMail({
    to,
    userId: "acme",
    invitedBy: "ada@example.com",
    link: "http://localhost:3000/dashboard/setup#token=tok_123-ABC",
    expiresAt: new Date("2026-12-06T08:15:00Z"),
    personExists: false,
    signInUrl: "http://localhost:3000/dashboard/sign-in?user=acme",
  });

describe("the SMTP sender", () => {
  it("delivers a mail with its text, HTML, subject and From, authenticating with the URL's credentials", async () => {
    const sender = createSmtpSender({ smtpUrl: smtp.url, from: "ctxlog <no-reply@ctxlog.test>" });
    try {
      await sender.send(mail("grace@example.com"));
    } finally {
      sender.close();
    }
    const got = await smtp.nextMailTo("grace@example.com");
    expect(got.subject).toBe("You are invited to acme on ctxlog");
    expect(got.fromHeader).toBe('"ctxlog" <no-reply@ctxlog.test>');
    expect(got.from).toBe("no-reply@ctxlog.test");
    expect(setupLinkIn(got)).toBe("http://localhost:3000/dashboard/setup#token=tok_123-ABC");
    expect(got.html).toContain('href="http://localhost:3000/dashboard/setup#token=tok_123-ABC"');
  });

  it("rejects when the server refuses the credentials, and says where it sends without them", async () => {
    const wrong = smtp.url.replace("s3cret", "wrong");
    const sender = createSmtpSender({ smtpUrl: wrong, from: "no-reply@ctxlog.test" });
    try {
      await expect(sender.send(mail("x@example.com"))).rejects.toThrow(/Invalid login|auth/i);
    } finally {
      sender.close();
    }
    expect(sender.description).toBe(`SMTP smtp://127.0.0.1:${smtp.port}`);
    expect(describeSmtpUrl(smtp.url)).not.toContain("s3cret");
  });

  it("rejects within its timeout when the server never answers", async () => {
    // accepts the connection and says nothing: a stalled server
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
    const port = (silent.address() as { port: number }).port;
    const sender = createSmtpSender({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "a@b.test",
      timeoutMs: 300,
    });
    try {
      await expect(sender.send(mail("y@example.com"))).rejects.toThrow(/timeout|Greeting never received/i);
    } finally {
      sender.close();
      silent.close();
    }
  });
});
