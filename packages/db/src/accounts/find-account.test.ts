// Integration: real PostgreSQL (a fresh database). The account look-ups the API's routes make, and
// that a refused write leaves nothing behind (each use case is one transaction).
import { hashOpaqueToken } from "@ctxlog/core";
import { createTestDatabase, type TestDatabase } from "../testing";
import { changePersonPassword } from "./change-person-password";
import { AccountEmailTakenError, createAccount } from "./create-account";
import { findAccount, readAccount } from "./find-account";
import { findPersonOfAccount } from "./find-person";
import { redeemSignInLink } from "./redeem-sign-in-link";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_db_find_account");
});
afterAll(() => database.drop());

const timeouts = { idleMs: 3_600_000, absoluteMs: 86_400_000 };

describe("account look-ups", () => {
  it("findAccount and readAccount give the stored row; an unknown id is null, or an error", async () => {
    const { account } = await createAccount(database.db, { userId: "u-find-1", email: "a@example.test" });
    const stored = await database.db.account.findUniqueOrThrow({ where: { id: account.id } });
    expect(await findAccount(database.db, account.id)).toEqual(stored);
    expect(await readAccount(database.db, account.id)).toEqual(stored);
    expect(await findAccount(database.db, "acc_nope")).toBeNull();
    await expect(readAccount(database.db, "acc_nope")).rejects.toThrow("account acc_nope does not exist");
  });

  it("findPersonOfAccount: null while only invited, the person once joined", async () => {
    const { account, link } = await createAccount(database.db, {
      userId: "u-find-2",
      email: "b@example.test",
    });
    expect(await findPersonOfAccount(database.db, account.id)).toBeNull();
    const joined = await redeemSignInLink(database.db, {
      tokenHash: hashOpaqueToken(link.token),
      passwordHash: "h",
      timeouts,
    });
    const stored = await database.db.person.findUniqueOrThrow({ where: { email: "b@example.test" } });
    expect(joined?.person).toEqual(stored);
    expect(await findPersonOfAccount(database.db, account.id)).toEqual(stored);
    expect(await findPersonOfAccount(database.db, "acc_nope")).toBeNull();
  });

  it("an email taken in this user's dashboard: AccountEmailTakenError with its cause, and nothing written", async () => {
    await createAccount(database.db, { userId: "u-find-3", email: "c@example.test" });
    const counts = async () => ({
      keys: await database.db.apiKey.count({ where: { userId: "u-find-3" } }),
      links: await database.db.signInLink.count(),
    });
    const before = await counts();
    const refused = await createAccount(database.db, { userId: "u-find-3", email: "C@example.test" }).catch(
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AccountEmailTakenError);
    expect((refused as Error).cause).toMatchObject({ code: "23505" });
    expect(await counts()).toEqual(before);
  });

  it("a new password for an unknown person is refused and ends no session", async () => {
    const { account, link } = await createAccount(database.db, {
      userId: "u-find-4",
      email: "d@example.test",
    });
    const joined = await redeemSignInLink(database.db, {
      tokenHash: hashOpaqueToken(link.token),
      passwordHash: "h",
      timeouts,
    });
    await expect(
      changePersonPassword(database.db, {
        personId: "per_nope",
        accountId: account.id,
        passwordHash: "x",
        timeouts,
      }),
    ).rejects.toThrow("person per_nope does not exist");
    const session = await database.db.session.findUniqueOrThrow({ where: { id: joined?.session.id ?? "" } });
    expect(session.revokedAt).toBeNull();
    expect(await database.db.session.count({ where: { accountId: account.id } })).toBe(1);
  });
});
