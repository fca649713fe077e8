// Integration: real PostgreSQL (a fresh database). The session statements one by one: what a
// session lookup returns, what ends a session, and that they run in the caller's transaction.
import { hashOpaqueToken } from "@ctxlog/core";
import { createAccount } from "../accounts/create-account";
import { redeemSignInLink } from "../accounts/redeem-sign-in-link";
import { inSqlTransaction } from "../sql-transaction";
import { createTestDatabase } from "../testing";
import { findActiveSession } from "./find-active-session";
import { revokeAccountSessions, revokePersonSessions, revokeSession } from "./revoke-sessions";
import { startSession } from "./start-session";
import { touchSession } from "./touch-session";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_db_sessions");
});
afterAll(() => database.drop());

const timeouts = { idleMs: 3_600_000, absoluteMs: 86_400_000 };
let n = 0;
const email = () => `session${++n}@example.test`;

/** An account nobody has joined (a session can still be started on it, as the CLI's tests do). */
async function newAccount(userId: string, address = email()) {
  return (await createAccount(database.db, { userId, email: address })).account;
}

/** A person who joined an account of `userId` with `address` (the account's first link used). */
async function joined(userId: string, address: string) {
  const { link } = await createAccount(database.db, { userId, email: address });
  const done = await redeemSignInLink(database.db, {
    tokenHash: hashOpaqueToken(link.token),
    passwordHash: "h",
    timeouts,
  });
  if (!done) throw new Error("the link was refused");
  return done;
}

describe("sessions", () => {
  it("a live session comes with its account, the account's key and the user, as stored", async () => {
    const account = await newAccount("u-ses-1");
    const now = new Date("2030-01-02T03:04:05.678Z");
    const started = await startSession(database.db, account.id, timeouts, now);
    expect(started.absoluteExpiresAt).toEqual(new Date(now.getTime() + timeouts.absoluteMs));
    const found = await findActiveSession(database.db, hashOpaqueToken(started.token), timeouts, now);
    const key = await database.db.apiKey.findUniqueOrThrow({ where: { accountId: account.id } });
    const user = await database.db.user.findUniqueOrThrow({ where: { id: "u-ses-1" } });
    const stored = await database.db.session.findUniqueOrThrow({ where: { id: started.id } });
    // hashes are stored as their 32 bytes and handed out as core's hex
    const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
    expect(hex(stored.tokenHash)).toBe(hashOpaqueToken(started.token));
    expect(found).toEqual({
      ...stored,
      tokenHash: hex(stored.tokenHash),
      account: { ...account, lastSignInAt: now, apiKey: { ...key, hash: hex(key.hash) }, user },
    });
    expect(found?.csrfToken).toBe(started.csrfToken);
    // the sign-in is recorded on the account in the same statement
    expect((await database.db.account.findUniqueOrThrow({ where: { id: account.id } })).lastSignInAt).toEqual(
      now,
    );
  });

  it("no session for an unknown token, a disabled account, or an account without its key", async () => {
    expect(await findActiveSession(database.db, hashOpaqueToken("nope"), timeouts)).toBeNull();
    const account = await newAccount("u-ses-2");
    const s = await startSession(database.db, account.id, timeouts);
    const hash = hashOpaqueToken(s.token);
    await database.db.account.update({ where: { id: account.id }, data: { disabledAt: new Date() } });
    expect(await findActiveSession(database.db, hash, timeouts)).toBeNull();
    await database.db.account.update({ where: { id: account.id }, data: { disabledAt: null } });
    expect(await findActiveSession(database.db, hash, timeouts)).not.toBeNull();
    await database.db.apiKey.updateMany({ where: { accountId: account.id }, data: { accountId: null } });
    expect(await findActiveSession(database.db, hash, timeouts)).toBeNull();
  });

  it("revoking a session keeps the first time, and a revoked session is neither found nor touched", async () => {
    const account = await newAccount("u-ses-3");
    const s = await startSession(database.db, account.id, timeouts);
    const first = new Date(Date.now() - 1_000);
    await revokeSession(database.db, s.id, first);
    await revokeSession(database.db, s.id);
    expect((await database.db.session.findUniqueOrThrow({ where: { id: s.id } })).revokedAt).toEqual(first);
    expect(await findActiveSession(database.db, hashOpaqueToken(s.token), timeouts)).toBeNull();
    const later = new Date(Date.now() + 120_000);
    expect(await touchSession(database.db, s.id, { everyMs: 60_000, now: later })).toBeNull();
  });

  it("an account's sessions end together; a person's end in every user's account, others' stay", async () => {
    const address = email();
    const inA = await joined("u-ses-4a", address);
    const inB = await joined("u-ses-4b", address);
    const other = await startSession(database.db, await newAccount("u-ses-4a").then((a) => a.id), timeouts);
    // the second link's redemption ended the first's session (a new password ends them all)
    const second = await startSession(database.db, inA.account.id, timeouts);
    expect(await revokePersonSessions(database.db, inA.person.id)).toBe(2); // second, inB's
    for (const s of [inA.session, inB.session, second]) {
      expect(await findActiveSession(database.db, hashOpaqueToken(s.token), timeouts)).toBeNull();
    }
    expect(await findActiveSession(database.db, hashOpaqueToken(other.token), timeouts)).not.toBeNull();
    expect(await revokePersonSessions(database.db, inA.person.id)).toBe(0);
    const third = await startSession(database.db, inB.account.id, timeouts);
    const fourth = await startSession(database.db, inB.account.id, timeouts);
    expect(await revokeAccountSessions(database.db, inB.account.id)).toBe(2);
    for (const s of [third, fourth]) {
      expect(await findActiveSession(database.db, hashOpaqueToken(s.token), timeouts)).toBeNull();
    }
  });

  it("on a transaction's runner they are part of it: a rollback takes the new session and the revocation back", async () => {
    const account = await newAccount("u-ses-5");
    const kept = await startSession(database.db, account.id, timeouts);
    let started: { token: string } | undefined;
    await expect(
      inSqlTransaction(database.db, async (sql) => {
        await revokeAccountSessions(sql, account.id);
        started = await startSession(sql, account.id, timeouts);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await findActiveSession(database.db, hashOpaqueToken(kept.token), timeouts)).not.toBeNull();
    expect(await findActiveSession(database.db, hashOpaqueToken(started?.token ?? ""), timeouts)).toBeNull();
  });
});
