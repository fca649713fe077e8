// Integration: real PostgreSQL (a fresh database) and a real SMTP server on loopback (smtp-server).
import { hashOpaqueToken } from "@ctxlog/core";
import { findSignInLink, redeemSignInLink, startSession } from "@ctxlog/db";
import { createTestDatabase } from "@ctxlog/db/testing";
import { createSmtpSender } from "@ctxlog/mail";
import { type SmtpCapture, setupTokenIn, startSmtpCapture } from "@ctxlog/mail/testing";
import { CommandFailed, UsageError } from "../env";
import { type AccountsCommandOptions, runAccountsCommand } from "./accounts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: SmtpCapture;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_cli_accounts");
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await database.drop();
  await smtp.close();
});

const printing = {
  defaultPlan: "free",
  publicBaseUrl: "https://ctxlog.example/",
  mail: null,
  development: true,
};
async function runWith(opts: AccountsCommandOptions, ...argv: string[]) {
  const lines: string[] = [];
  await runAccountsCommand(database.db, argv, (l) => lines.push(l), opts);
  return lines;
}
/** Without SMTP_URL, in development: the links are printed. */
const run = (...argv: string[]) => runWith(printing, ...argv);
/** With SMTP_URL: the links are mailed. */
async function mailing(...argv: string[]) {
  const mail = createSmtpSender({ smtpUrl: smtp.url, from: "ctxlog <no-reply@ctxlog.example>" });
  try {
    return await runWith({ ...printing, mail }, ...argv);
  } finally {
    mail.close();
  }
}
const LINK = /^https:\/\/ctxlog\.example\/dashboard\/setup#token=([A-Za-z0-9_-]{43})$/;
const timeouts = { idleMs: 3_600_000, absoluteMs: 3_600_000 };

describe("ctxlog accounts", () => {
  it("create mails the invitation (a one-time link, a week) to the email; --json is one line without the link", async () => {
    const lines = await mailing("create", "--user", "cli-u1", "--email", "Ops@Example.test", "--json");
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0] ?? "");
    expect(out).toEqual({
      account_id: expect.stringMatching(/^acc_/),
      user_id: "cli-u1",
      email: "ops@example.test",
      expires_at: expect.any(String),
      mailed: true,
    });
    const mail = await smtp.nextMailTo("ops@example.test");
    expect(mail.subject).toBe("You are invited to cli-u1 on ctxlog");
    expect(mail.text).toMatch(/^The operator of ctxlog invited you/);
    const token = setupTokenIn(mail);
    const link = await findSignInLink(database.db, hashOpaqueToken(token));
    expect(link?.accountId).toBe(out.account_id);
    expect(link?.expiresAt.toISOString()).toBe(out.expires_at);
    expect(((link?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000).toBeGreaterThan(6.9);
    expect(await database.db.user.findUnique({ where: { id: "cli-u1" } })).not.toBeNull();
    expect(JSON.stringify(await database.db.signInLink.findMany())).not.toContain(token);
    expect(lines.join("")).not.toContain(token);
  });

  it("the human output says where the link went, not the link", async () => {
    const lines = await mailing("create", "--user", "cli-u2", "--email", "human@example.test");
    expect(lines.join("\n")).toMatch(
      /^Invitation mailed to human@example\.test \(account acc_\w+, user cli-u2\); its link works once, until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    await smtp.nextMailTo("human@example.test");
  });

  it("without SMTP_URL, development: the link is printed, said to be the development fallback", async () => {
    const lines = await run("create", "--user", "cli-u2b", "--email", "dev@example.test");
    const text = lines.join("\n");
    expect(text).toMatch(
      /^Development fallback: SMTP_URL is unset, so the link is printed here instead of mailed\./,
    );
    expect(text).toMatch(/usable once/);
    expect(lines.some((l) => LINK.test(l.trim()))).toBe(true);
    const json = JSON.parse(
      (await run("create", "--user", "cli-u2c", "--email", "dev@example.test", "--json"))[0] ?? "",
    );
    expect(json).toMatchObject({ link: expect.stringMatching(LINK), mailed: false, user_id: "cli-u2c" });
  });

  it("without SMTP_URL, production: the link is printed for the operator, saying nothing was mailed", async () => {
    const lines = await runWith(
      { ...printing, development: false },
      "create",
      "--user",
      "cli-u2d",
      "--email",
      "p@example.test",
    );
    expect(lines[0]).toBe("SMTP_URL is unset: nothing was mailed.");
    expect(lines.join("\n")).toMatch(/Give it to p@example\.test only/);
  });

  it("link --email mails a new 30-minute link for an existing account; list shows it invited", async () => {
    await run("create", "--user", "cli-u3", "--email", "again@example.test");
    const out = JSON.parse((await mailing("link", "--email", "AGAIN@example.test", "--json"))[0] ?? "");
    expect(out).toMatchObject({ email: "again@example.test", mailed: true });
    const mail = await smtp.nextMailTo("again@example.test");
    expect(mail.subject).toBe("Your ctxlog sign-in link");
    const link = await findSignInLink(database.db, hashOpaqueToken(setupTokenIn(mail)));
    const minutes = ((link?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThanOrEqual(30);
    const listed = JSON.parse((await run("list", "--user", "cli-u3", "--json"))[0] ?? "");
    expect(listed).toEqual([expect.objectContaining({ email: "again@example.test", status: "invited" })]);
  });

  it("an email another user's invitation took (set up by whoever held its link) is given to its real owner", async () => {
    // before links were mailed: a tenant invited someone@x and set the password itself
    const squat = JSON.parse(
      (await run("create", "--user", "cli-squatter", "--email", "someone@x.test", "--json"))[0] ?? "",
    );
    const squatted = await redeemSignInLink(database.db, {
      tokenHash: hashOpaqueToken(LINK.exec(squat.link)?.[1] ?? ""),
      passwordHash: "the squatter's",
      timeouts,
    });
    expect(squatted).not.toBeNull();
    // the operator gives the address an account: no refusal, the mail goes to the address
    await mailing("create", "--user", "cli-owner", "--email", "someone@x.test");
    const mail = await smtp.nextMailTo("someone@x.test");
    expect(mail.subject).toBe("You were added to cli-owner on ctxlog");
    // its owner sets a password with the mailed link: the squatter's password and sessions end
    const owned = await redeemSignInLink(database.db, {
      tokenHash: hashOpaqueToken(setupTokenIn(mail)),
      passwordHash: "the owner's",
      timeouts,
    });
    expect(owned?.account.userId).toBe("cli-owner");
    expect(owned?.person.passwordHash).toBe("the owner's");
    const old = await database.db.session.findUniqueOrThrow({ where: { id: squatted?.session.id ?? "" } });
    expect(old.revokedAt).not.toBeNull();
  });

  it("a mail server refusing the message: the command fails saying how to send a new link", async () => {
    smtp.refuseNext(1);
    const failure = mailing("create", "--user", "cli-u4", "--email", "refused@example.test");
    await expect(failure).rejects.toBeInstanceOf(CommandFailed);
    await expect(failure).rejects.toThrow(
      /could not mail the invitation to refused@example\.test \(.*451.*\); the account is there: `ctxlog accounts link --email refused@example\.test --user cli-u4` mails a new link/,
    );
    expect(await database.db.account.count({ where: { userId: "cli-u4" } })).toBe(1);
  });

  it("disable, enable and remove: sessions and links end; --user picks among users; the last account needs --force", async () => {
    await run("create", "--user", "cli-u5", "--email", "pat@example.test");
    await run("create", "--user", "cli-u6", "--email", "pat@example.test");
    await expect(run("disable", "--email", "pat@example.test")).rejects.toThrow(/--user/);
    const [account] = await database.db.account.findMany({ where: { userId: "cli-u5" } });
    const person = await database.db.person.create({
      data: { id: "per_01KAA000000000000000000PAT", email: "pat@example.test", passwordHash: "h" },
    });
    await database.db.account.update({ where: { id: account?.id }, data: { personId: person.id } });
    const session = await startSession(database.db, account?.id ?? "", {
      idleMs: 3_600_000,
      absoluteMs: 3_600_000,
    });
    // its user's last account that can sign in
    await expect(run("disable", "--email", "pat@example.test", "--user", "cli-u5")).rejects.toThrow(
      /--force/,
    );
    const out = JSON.parse(
      (await run("disable", "--email", "PAT@example.test", "--user", "cli-u5", "--force", "--json"))[0] ?? "",
    );
    expect(out).toMatchObject({ account_id: account?.id, state: "disabled" });
    expect(await database.db.session.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      revokedAt: expect.any(Date),
    });
    await expect(run("link", "--email", "pat@example.test", "--user", "cli-u5")).rejects.toThrow(/disabled/);
    const listed = JSON.parse((await run("list", "--user", "cli-u5", "--json"))[0] ?? "");
    expect(listed[0].status).toBe("disabled");
    expect((await run("enable", "--email", "pat@example.test", "--user", "cli-u5")).join("\n")).toMatch(
      /enabled/,
    );
    expect((await run("remove", "--email", "pat@example.test", "--user", "cli-u6")).join("\n")).toMatch(
      /removed/,
    );
    expect(await database.db.account.count({ where: { userId: "cli-u6" } })).toBe(0);
  });

  it.each([
    [["create", "--email", "a@example.test"], /--user/],
    [["create", "--user", "x"], /--email/],
    [["create", "--user", "x", "--email", "not an email"], /--email/],
    [["create", "--user", "cli-u1", "--email", "ops@example.test"], /has an account/],
    [["disable", "--email", "nobody@example.test"], /no account/],
    [["remove", "--user", "x"], /--email/],
    [["link", "--email", "nobody@example.test"], /no account/],
    [["create", "--user", "x", "--email", "a@example.test", "--nope"], /Unknown option/],
    [["frobnicate"], /Usage/],
  ])("%j is a usage error", async (argv, message) => {
    const failure = run(...argv);
    await expect(failure).rejects.toBeInstanceOf(UsageError);
    await expect(failure).rejects.toThrow(message);
  });
});
