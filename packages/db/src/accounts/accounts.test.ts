// Integration: real PostgreSQL (a fresh database).
import { hashOpaqueToken } from "@ctxlog/core";
import { createApiKey } from "../api-keys/create-api-key";
import { listApiKeyPage } from "../api-keys/list-api-key-page";
import { listApiKeys } from "../api-keys/list-api-keys";
import { revokeApiKey } from "../api-keys/revoke-api-key";
import { RollApiKeyError, rollApiKey } from "../api-keys/roll-api-key";
import { findActiveSession } from "../sessions/find-active-session";
import { revokeAccountSessions } from "../sessions/revoke-sessions";
import { startSession } from "../sessions/start-session";
import { touchSession } from "../sessions/touch-session";
import { createTestDatabase } from "../testing";
import { changePersonPassword } from "./change-person-password";
import { AccountEmailTakenError, createAccount } from "./create-account";
import { disableAccount, enableAccount } from "./disable-account";
import { enterAccount } from "./enter-account";
import { findAccountsWithEmail } from "./find-account-by-email";
import { findPersonByEmail } from "./find-person";
import { findSignInLink } from "./find-sign-in-link";
import { LastAccountError } from "./keep-one-account";
import { listAccounts } from "./list-accounts";
import { listInvitations } from "./list-invitations";
import { listMemberships } from "./memberships";
import { redeemSignInLink } from "./redeem-sign-in-link";
import { reissueInvitation } from "./reissue-invitation";
import { removeAccount } from "./remove-account";
import { createSignInLink } from "./sign-in-links";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_db_accounts");
});
afterAll(() => database.drop());

const timeouts = { idleMs: 12 * 3_600_000, absoluteMs: 7 * 86_400_000 };
let n = 0;
const email = () => `Person${++n}@Example.test`;

describe("accounts", () => {
  it("createAccount creates the user, a lowercased account, its hidden full key and a hashed link", async () => {
    const { account, link } = await createAccount(database.db, {
      userId: "u-acc-1",
      email: " Ada@Example.TEST ",
    });
    expect(account.email).toBe("ada@example.test");
    expect(account.personId).toBeNull();
    const user = await database.db.user.findUniqueOrThrow({ where: { id: "u-acc-1" } });
    expect(user.plan).toBe("free");
    const key = await database.db.apiKey.findUniqueOrThrow({ where: { accountId: account.id } });
    expect(key).toMatchObject({ type: "full", userId: "u-acc-1", familyId: key.id });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // an invitation's link is mailed: it works for a week
    expect(link.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const links = await database.db.signInLink.findMany({ where: { accountId: account.id } });
    expect(JSON.stringify(links)).not.toContain(link.token);
    // only the token's SHA-256 is stored, as its 32 bytes
    expect(links.map((l) => Buffer.from(l.tokenHash))).toEqual([
      Buffer.from(hashOpaqueToken(link.token), "hex"),
    ]);
    // the account's key is nobody's key: not listed, not revocable, not rollable
    expect((await listApiKeys(database.db, "u-acc-1")).map((k) => k.id)).not.toContain(key.id);
    expect((await listApiKeyPage(database.db, "u-acc-1", { limit: 10 })).rows).toHaveLength(0);
    expect(await revokeApiKey(database.db, key.id)).toBeNull();
    await expect(rollApiKey(database.db, key.id, { overlapHours: 1 })).rejects.toBeInstanceOf(
      RollApiKeyError,
    );
  });

  it("an email is taken once per user, whatever its case; several users' links all join its one person", async () => {
    const e = email();
    const first = await createAccount(database.db, { userId: "u-acc-2", email: e });
    await expect(
      createAccount(database.db, { userId: "u-acc-2", email: e.toUpperCase() }),
    ).rejects.toBeInstanceOf(AccountEmailTakenError);
    const second = await createAccount(database.db, { userId: "u-acc-3", email: e.toUpperCase() });
    const redeem = (token: string, passwordHash: string) =>
      redeemSignInLink(database.db, { tokenHash: hashOpaqueToken(token), passwordHash, timeouts });
    const one = await redeem(first.link.token, "h1");
    expect(one?.person).toMatchObject({ email: e.toLowerCase(), passwordHash: "h1" });
    expect(one?.person.emailVerifiedAt).not.toBeNull();
    // the second user's link, used by the same mailbox's owner: the same person, a new password,
    // the first session ended (a new password ends them all), both accounts joined
    const two = await redeem(second.link.token, "h2");
    expect(two?.person.id).toBe(one?.person.id);
    expect((await findPersonByEmail(database.db, e))?.passwordHash).toBe("h2");
    expect(
      await findActiveSession(database.db, hashOpaqueToken(one?.session.token ?? ""), timeouts),
    ).toBeNull();
    const accounts = await findAccountsWithEmail(database.db, e);
    expect(accounts.map((a) => [a.id, a.personId])).toEqual(
      [first.account.id, second.account.id].sort().map((id) => [id, one?.person.id]),
    );
  });

  it("two first links of one email raced: one person, both accounts joined", async () => {
    const e = email();
    const a = await createAccount(database.db, { userId: "u-race-1", email: e });
    const b = await createAccount(database.db, { userId: "u-race-2", email: e });
    const done = await Promise.all(
      [a, b].map((x, i) =>
        redeemSignInLink(database.db, {
          tokenHash: hashOpaqueToken(x.link.token),
          passwordHash: `h${i}`,
          timeouts,
        }),
      ),
    );
    expect(done.every(Boolean)).toBe(true);
    expect(await database.db.person.count({ where: { email: e.toLowerCase() } })).toBe(1);
    expect(new Set(done.map((d) => d?.person.id)).size).toBe(1);
  });

  it("a person's memberships: joined accounts, then open invitations to a proven email; entering one joins it", async () => {
    const e = email();
    const home = await createAccount(database.db, { userId: "u-mem-1", email: e });
    const joined = await redeemSignInLink(database.db, {
      tokenHash: hashOpaqueToken(home.link.token),
      passwordHash: "h",
      timeouts,
    });
    const person = joined?.person;
    if (!person) throw new Error("not joined");
    const invited = await createAccount(database.db, { userId: "u-mem-2", email: e });
    const lapsed = await createAccount(database.db, { userId: "u-mem-3", email: e, linkTtlMs: -1 });
    const elsewhere = await createAccount(database.db, { userId: "u-mem-2", email: email() });
    expect((await listMemberships(database.db, person)).map((m) => [m.account.id, m.status])).toEqual([
      [home.account.id, "active"],
      [invited.account.id, "invited"],
    ]);
    // an unproven email (set up, before links were mailed, through a link its inviter held) joins nothing
    expect(
      (await listMemberships(database.db, { ...person, emailVerifiedAt: null })).map((m) => m.status),
    ).toEqual(["active"]);
    expect(
      await enterAccount(database.db, {
        person: { ...person, emailVerifiedAt: null },
        accountId: invited.account.id,
        timeouts,
      }),
    ).toBeNull();
    for (const accountId of [lapsed.account.id, elsewhere.account.id, "acc_nope"]) {
      expect(await enterAccount(database.db, { person, accountId, timeouts })).toBeNull();
    }
    const current = joined.session;
    const entered = await enterAccount(database.db, {
      person,
      accountId: invited.account.id,
      timeouts,
      replaces: current.id,
    });
    expect(entered?.account).toMatchObject({ id: invited.account.id, personId: person.id });
    expect(await findActiveSession(database.db, hashOpaqueToken(current.token), timeouts)).toBeNull();
    expect(await findSignInLink(database.db, hashOpaqueToken(invited.link.token))).toBeNull(); // used up
    expect((await listMemberships(database.db, person)).map((m) => [m.account.id, m.status])).toEqual([
      [invited.account.id, "active"],
      [home.account.id, "active"],
    ]);
    // a disabled membership is no way in
    await disableAccount(database.db, { userId: "u-mem-1", accountId: home.account.id, allowLast: true });
    expect(await enterAccount(database.db, { person, accountId: home.account.id, timeouts })).toBeNull();
  });

  it("inviting again an open invitation replaces its link; a joined account is not re-invited", async () => {
    const e = email();
    const first = await createAccount(database.db, { userId: "u-re-1", email: e });
    const again = await reissueInvitation(database.db, { userId: "u-re-1", email: e.toUpperCase() });
    expect(again?.account.id).toBe(first.account.id);
    expect(await findSignInLink(database.db, hashOpaqueToken(first.link.token))).toBeNull();
    expect(await findSignInLink(database.db, hashOpaqueToken(again?.link.token ?? ""))).not.toBeNull();
    expect((await listInvitations(database.db, "u-re-1", { limit: 5 })).rows[0]?.expiresAt).toEqual(
      again?.link.expiresAt,
    );
    await redeemSignInLink(database.db, {
      tokenHash: hashOpaqueToken(again?.link.token ?? ""),
      passwordHash: "h",
      timeouts,
    });
    expect(await reissueInvitation(database.db, { userId: "u-re-1", email: e })).toBeNull();
    expect(await reissueInvitation(database.db, { userId: "u-re-2", email: e })).toBeNull();
  });

  it("removing or disabling keeps one account that can sign in; removal frees the email", async () => {
    const userId = "u-acc-rm";
    const a = await createAccount(database.db, { userId, email: email() });
    const b = await createAccount(database.db, { userId, email: email() });
    for (const x of [a, b])
      await redeemSignInLink(database.db, {
        tokenHash: hashOpaqueToken(x.link.token),
        passwordHash: "h",
        timeouts,
      });
    const s = await startSession(database.db, a.account.id, timeouts);
    const disabled = await disableAccount(database.db, { userId, accountId: a.account.id });
    expect(disabled?.disabledAt).not.toBeNull();
    expect(await findActiveSession(database.db, hashOpaqueToken(s.token), timeouts)).toBeNull();
    await expect(removeAccount(database.db, { userId, accountId: b.account.id })).rejects.toBeInstanceOf(
      LastAccountError,
    );
    expect(await removeAccount(database.db, { userId: "u-other", accountId: a.account.id })).toBeNull();
    expect(
      await removeAccount(database.db, { userId, accountId: b.account.id, allowLast: true }),
    ).not.toBeNull();
    // the key its sessions acted as stays, revoked, for what it made
    const key = await database.db.apiKey.findFirstOrThrow({
      where: { name: `dashboard: ${b.account.email}` },
    });
    expect(key).toMatchObject({ accountId: null, revokedAt: expect.any(Date) });
    expect(await createAccount(database.db, { userId: "u-acc-rm2", email: b.account.email })).toBeTruthy();
    expect((await enableAccount(database.db, { userId, accountId: a.account.id }))?.disabledAt).toBeNull();
  });

  it("a link is redeemed once: password set, other links voided, sessions ended, a session started", async () => {
    const { account, link } = await createAccount(database.db, { userId: "u-acc-4", email: email() });
    const second = await createSignInLink(database.db, account.id);
    const old = await startSession(database.db, account.id, timeouts);
    const tokenHash = hashOpaqueToken(link.token);
    expect(await findSignInLink(database.db, tokenHash)).not.toBeNull();
    const redeemed = await redeemSignInLink(database.db, {
      tokenHash,
      passwordHash: "$argon2id$x",
      timeouts,
    });
    expect(redeemed?.person.passwordHash).toBe("$argon2id$x");
    expect(redeemed?.account.personId).toBe(redeemed?.person.id);
    expect(redeemed?.account.lastSignInAt).not.toBeNull();
    expect(await findActiveSession(database.db, hashOpaqueToken(old.token), timeouts)).toBeNull();
    const fresh = await findActiveSession(
      database.db,
      hashOpaqueToken(redeemed?.session.token ?? ""),
      timeouts,
    );
    expect(fresh?.account.apiKey.accountId).toBe(account.id);
    expect(await redeemSignInLink(database.db, { tokenHash, passwordHash: "y", timeouts })).toBeNull();
    expect(await findSignInLink(database.db, hashOpaqueToken(second.token))).toBeNull();
  });

  it("two concurrent redemptions of one link: exactly one wins", async () => {
    const { link } = await createAccount(database.db, { userId: "u-acc-5", email: email() });
    const tokenHash = hashOpaqueToken(link.token);
    const results = await Promise.all(
      [1, 2, 3].map((i) => redeemSignInLink(database.db, { tokenHash, passwordHash: `h${i}`, timeouts })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("an expired link is refused", async () => {
    const { account } = await createAccount(database.db, { userId: "u-acc-6", email: email() });
    const past = new Date(Date.now() - 31 * 60_000);
    const link = await createSignInLink(database.db, account.id, { now: past });
    const tokenHash = hashOpaqueToken(link.token);
    expect(await findSignInLink(database.db, tokenHash)).toBeNull();
    expect(await redeemSignInLink(database.db, { tokenHash, passwordHash: "h", timeouts })).toBeNull();
  });

  it("sessions end when idle too long, past their absolute expiry, or revoked; touching moves the idle expiry", async () => {
    const { account } = await createAccount(database.db, { userId: "u-acc-7", email: email() });
    const s = await startSession(database.db, account.id, timeouts);
    const hash = hashOpaqueToken(s.token);
    const idleEnd = new Date(Date.now() + timeouts.idleMs + 1000);
    expect(await findActiveSession(database.db, hash, timeouts)).not.toBeNull();
    expect(await findActiveSession(database.db, hash, timeouts, idleEnd)).toBeNull();
    const later = new Date(Date.now() + timeouts.idleMs - 1000);
    expect(await touchSession(database.db, s.id, { everyMs: 60_000, now: later })).toEqual(later);
    expect(await touchSession(database.db, s.id, { everyMs: 60_000, now: later })).toBeNull(); // once a minute
    expect(await findActiveSession(database.db, hash, timeouts, idleEnd)).not.toBeNull();
    const absoluteEnd = new Date(s.absoluteExpiresAt.getTime() + 1);
    await database.db.session.update({ where: { id: s.id }, data: { lastSeenAt: absoluteEnd } });
    expect(await findActiveSession(database.db, hash, timeouts, absoluteEnd)).toBeNull();
    const t = await startSession(database.db, account.id, timeouts);
    expect(await revokeAccountSessions(database.db, account.id)).toBeGreaterThanOrEqual(1);
    expect(await findActiveSession(database.db, hashOpaqueToken(t.token), timeouts)).toBeNull();
  });

  it("changing the password ends every session of the person, in every user's account, and starts one", async () => {
    const e = email();
    const a = await createAccount(database.db, { userId: "u-acc-8", email: e });
    const b = await createAccount(database.db, { userId: "u-acc-8b", email: e });
    const first = await redeemSignInLink(database.db, {
      tokenHash: hashOpaqueToken(a.link.token),
      passwordHash: "p1",
      timeouts,
    });
    const person = first?.person;
    if (!person) throw new Error("not joined");
    const inB = await enterAccount(database.db, { person, accountId: b.account.id, timeouts });
    const changed = await changePersonPassword(database.db, {
      personId: person.id,
      accountId: a.account.id,
      passwordHash: "p2",
      timeouts,
    });
    for (const old of [first.session, inB?.session]) {
      expect(await findActiveSession(database.db, hashOpaqueToken(old?.token ?? ""), timeouts)).toBeNull();
    }
    expect(
      await findActiveSession(database.db, hashOpaqueToken(changed.session.token), timeouts),
    ).not.toBeNull();
    expect((await findPersonByEmail(database.db, e))?.passwordHash).toBe("p2");
  });

  it("lists a user's accounts newest first, invited or active, without hashes", async () => {
    const a = await createAccount(database.db, { userId: "u-acc-9", email: email() });
    const b = await createAccount(database.db, { userId: "u-acc-9", email: email() });
    await redeemSignInLink(database.db, {
      tokenHash: hashOpaqueToken(b.link.token),
      passwordHash: "h",
      timeouts,
    });
    const first = await listAccounts(database.db, "u-acc-9", { limit: 1 });
    expect(first.rows.map((r) => [r.id, r.joined])).toEqual([[b.account.id, true]]);
    expect(JSON.stringify(first.rows)).not.toContain("per_");
    const second = await listAccounts(database.db, "u-acc-9", { limit: 1, after: first.nextAfter ?? "" });
    expect(second.rows.map((r) => [r.id, r.joined])).toEqual([[a.account.id, false]]);
    expect(second.nextAfter).toBeNull();
  });

  it("the keys page filters by status", async () => {
    const active = await createApiKey(database.db, { userId: "u-acc-10", type: "full", name: "ci" });
    const revoked = await createApiKey(database.db, { userId: "u-acc-10", type: "read_only" });
    await revokeApiKey(database.db, revoked.record.id);
    const expired = await createApiKey(database.db, {
      userId: "u-acc-10",
      type: "public",
      expiresAt: new Date(Date.now() - 1000),
    });
    const ids = async (status?: "active" | "revoked" | "expired") =>
      (await listApiKeyPage(database.db, "u-acc-10", { limit: 10, status })).rows.map((r) => r.id);
    expect(await ids("active")).toEqual([active.record.id]);
    expect(await ids("revoked")).toEqual([revoked.record.id]);
    expect(await ids("expired")).toEqual([expired.record.id]);
    expect(await ids()).toHaveLength(3);
    const rolled = await rollApiKey(database.db, active.record.id, { overlapHours: 1 });
    expect(rolled.record.name).toBe("ci");
  });
});
