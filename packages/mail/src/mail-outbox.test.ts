// Integration: a real SMTP server on loopback refusing some messages, the outbox retrying them.
import { invitationMail } from "./account-mails";
import type { MailLog } from "./mail-outbox";
import { MailOutbox } from "./mail-outbox";
import { createPrintingSender } from "./printing-sender";
import { createSmtpSender } from "./smtp-sender";
import { type SmtpCapture, startSmtpCapture } from "./testing";

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp.close());

const TOKEN = "secret-token-never-logged_0123456789abcdef";
const mail = (to: string) =>
  invitationMail({
    to,
    userId: "acme",
    invitedBy: null,
    link: `http://localhost:3000/dashboard/setup#token=${TOKEN}`,
    expiresAt: new Date("2026-12-06T08:15:00Z"),
    personExists: false,
    signInUrl: "http://localhost:3000/dashboard/sign-in?user=acme",
  });

function recordingLog() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const at =
    (level: string) =>
    (obj: object, msg: string): void => {
      lines.push({ level, obj: obj as Record<string, unknown>, msg });
    };
  const log: MailLog = { info: at("info"), warn: at("warn"), error: at("error") };
  return { log, lines };
}

describe("the mail outbox", () => {
  it("returns at once and retries a refused message until the server takes it", async () => {
    const { log, lines } = recordingLog();
    const outbox = new MailOutbox(
      createSmtpSender({ smtpUrl: smtp.url, from: "a@ctxlog.test" }),
      log,
      [50, 50],
    );
    smtp.refuseNext(2);
    outbox.post({ mail: "invitation", accountId: "acc_1" }, () => mail("retry@example.com"));
    expect(lines).toEqual([]); // nothing happened yet: post does not wait
    const got = await smtp.nextMailTo("retry@example.com");
    expect(got.text).toContain(TOKEN);
    await outbox.close();
    expect(lines.map((l) => [l.level, l.obj.attempt, l.msg])).toEqual([
      ["warn", 1, "mail not sent yet: retrying"],
      ["warn", 2, "mail not sent yet: retrying"],
      ["info", 3, "mail sent"],
    ]);
    expect(lines[0]?.obj).toMatchObject({ mail: "invitation", accountId: "acc_1", responseCode: 451 });
    expect(lines[2]?.obj).toMatchObject({ via: `SMTP smtp://127.0.0.1:${smtp.port}` });
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
    expect(JSON.stringify(lines)).not.toContain("retry@example.com");
  });

  it("gives up after its last retry with an error saying how to get a new link", async () => {
    const { log, lines } = recordingLog();
    const outbox = new MailOutbox(createSmtpSender({ smtpUrl: smtp.url, from: "a@ctxlog.test" }), log, [20]);
    smtp.refuseNext(2);
    outbox.post({ mail: "invitation", accountId: "acc_2" }, () => mail("lost@example.com"));
    await outbox.idle();
    expect(lines.map((l) => l.level)).toEqual(["warn", "error"]);
    expect(lines[1]?.msg).toMatch(/given up: invite the email again/);
    expect(smtp.received.some((m) => m.to.includes("lost@example.com"))).toBe(false);
    await outbox.close();
  });

  it("an SMTP server that is down: logged and retried, the caller never waits", async () => {
    const { log, lines } = recordingLog();
    const down = await startSmtpCapture();
    await down.close(); // its port now refuses connections
    const outbox = new MailOutbox(
      createSmtpSender({ smtpUrl: down.url, from: "a@ctxlog.test", timeoutMs: 500 }),
      log,
      [30_000],
    );
    outbox.post({ mail: "invitation", accountId: "acc_3" }, () => mail("down@example.com"));
    // the first attempt fails and waits for its retry; closing gives it up, logged
    while (lines.length === 0) await new Promise((r) => setTimeout(r, 10));
    expect(lines[0]).toMatchObject({
      level: "warn",
      obj: { retryInMs: 30_000, err: expect.stringMatching(/ECONNREFUSED/) },
    });
    await outbox.close();
    expect(lines[1]).toMatchObject({
      level: "error",
      msg: "mail not sent: the process stopped before its retry",
    });
  });

  it("a message that cannot be written is logged, not sent", async () => {
    const { log, lines } = recordingLog();
    const printed: string[] = [];
    const outbox = new MailOutbox(
      createPrintingSender((t) => printed.push(t)),
      log,
    );
    outbox.post({ mail: "invitation", accountId: "acc_4" }, () => {
      throw new Error("database unavailable");
    });
    await outbox.close();
    expect(printed).toEqual([]);
    expect(lines).toEqual([
      {
        level: "error",
        obj: { mail: "invitation", accountId: "acc_4", err: "database unavailable" },
        msg: "mail not sent: it could not be written",
      },
    ]);
  });

  it("in development it prints the mail, marked as not sent, link and all", async () => {
    const { log } = recordingLog();
    const printed: string[] = [];
    const outbox = new MailOutbox(
      createPrintingSender((t) => printed.push(t)),
      log,
    );
    outbox.post({ mail: "invitation", accountId: "acc_5" }, () => mail("dev@example.com"));
    await outbox.idle();
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(
      /^── ctxlog mail, NOT SENT \(development: SMTP_URL is unset\) ─+\nTo: {6}dev@example\.com\n/,
    );
    expect(printed[0]).toContain(`/dashboard/setup#token=${TOKEN}`);
  });
});
