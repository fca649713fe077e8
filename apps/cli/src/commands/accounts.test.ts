// Integration: real PostgreSQL (a fresh database).
import { hashOpaqueToken } from "@ctxlog/core";
import { findSignInLink, startSession } from "@ctxlog/db";
import { createTestDatabase } from "@ctxlog/db/testing";
import { UsageError } from "../env";
import { runAccountsCommand } from "./accounts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_cli_accounts");
});
afterAll(() => database.drop());

const opts = { defaultPlan: "free", publicBaseUrl: "https://ctxlog.example/" };
async function run(...argv: string[]) {
  const lines: string[] = [];
  await runAccountsCommand(database.db, argv, (l) => lines.push(l), opts);
  return lines;
}
const LINK = /^https:\/\/ctxlog\.example\/dashboard\/setup#token=([A-Za-z0-9_-]{43})$/;

describe("ctxlog accounts", () => {
  it("create --json prints exactly one line with a 30-minute one-time link; the user is created", async () => {
    const lines = await run("create", "--user", "cli-u1", "--email", "Ops@Example.test", "--json");
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0] ?? "");
    expect(Object.keys(out)).toEqual(["link", "account_id", "user_id", "email"]);
    expect(out).toMatchObject({ user_id: "cli-u1", email: "ops@example.test" });
    const token = LINK.exec(out.link)?.[1] ?? "";
    const link = await findSignInLink(database.db, hashOpaqueToken(token));
    expect(link?.accountId).toBe(out.account_id);
    const minutes = ((link?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(await database.db.user.findUnique({ where: { id: "cli-u1" } })).not.toBeNull();
    expect(JSON.stringify(await database.db.signInLink.findMany())).not.toContain(token);
  });

  it("the human output shows the link and says it is usable once", async () => {
    const lines = await run("create", "--user", "cli-u2", "--email", "human@example.test");
    expect(lines.join("\n")).toMatch(/usable once/);
    expect(lines.some((l) => LINK.test(l.trim()))).toBe(true);
  });

  it("link --email issues a new link for an existing account; list shows it invited", async () => {
    await run("create", "--user", "cli-u3", "--email", "again@example.test");
    const out = JSON.parse((await run("link", "--email", "AGAIN@example.test", "--json"))[0] ?? "");
    expect(out.link).toMatch(LINK);
    const listed = JSON.parse((await run("list", "--user", "cli-u3", "--json"))[0] ?? "");
    expect(listed).toEqual([expect.objectContaining({ email: "again@example.test", status: "invited" })]);
  });

  it("disable, enable and remove: sessions and links end; --user picks among users; the last account needs --force", async () => {
    await run("create", "--user", "cli-u5", "--email", "pat@example.test");
    await run("create", "--user", "cli-u6", "--email", "pat@example.test");
    await expect(run("disable", "--email", "pat@example.test")).rejects.toThrow(/--user/);
    const [account] = await database.db.account.findMany({ where: { userId: "cli-u5" } });
    await database.db.account.update({
      where: { id: account?.id },
      data: { passwordHash: "h", signInEmail: "pat@example.test" },
    });
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
