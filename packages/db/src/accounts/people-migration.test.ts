// Integration: real PostgreSQL. The migration that moves passwords from accounts to people
// (20261129081509_people_and_memberships), applied to a database holding accounts as the old code
// wrote them: set up from the CLI (with a live session), set up through a dashboard invitation
// (whose link its inviter held), only invited, disabled, and another user's invitation of an email
// that already signed in elsewhere (which could never be completed before).
import { hashOpaqueToken } from "@ctxlog/core";
import { createDb } from "../client";
import { findActiveSession } from "../sessions/find-active-session";
import { createUpgradeDatabase, type UpgradeDatabase } from "../testing/upgrade-database";
import { findPersonByEmail } from "./find-person";
import { listAccounts } from "./list-accounts";
import { listInvitations } from "./list-invitations";
import { listMemberships } from "./memberships";
import { redeemSignInLink } from "./redeem-sign-in-link";

const MIGRATION = "20261129081509_people_and_memberships";
let upgrade: UpgradeDatabase;
beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "people");
});
afterAll(() => upgrade.drop());
const sql = <T>(text: string, values: unknown[] = []) => upgrade.sql<T>(text, values);

const ULID = (n: number) => `01KAA00000000000000000000${n}`;
const acc = (n: number) => `acc_${ULID(n)}`;
const timeouts = { idleMs: 3_600_000, absoluteMs: 86_400_000 };

async function account(
  n: number,
  row: { userId: string; email: string; password?: string; invitedBy?: string; disabled?: boolean },
) {
  await sql(
    `INSERT INTO accounts (id, user_id, email, password_hash, sign_in_email, invited_by_id, disabled_at, created_at)
     VALUES ($1, $2, $3, $4::text, CASE WHEN $4::text IS NULL THEN NULL ELSE $3 END, $5, $6, now())`,
    [
      acc(n),
      row.userId,
      row.email,
      row.password ?? null,
      row.invitedBy ?? null,
      row.disabled ? new Date() : null,
    ],
  );
}

async function link(n: number, accountN: number, token: string) {
  await sql(
    `INSERT INTO sign_in_links (id, account_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
    [`lnk_${ULID(n)}`, acc(accountN), hashOpaqueToken(token)],
  );
}

it("makes a person of every account that set a password; invitations stay open and joinable", async () => {
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: "u1", keyId: "key_1", familyId: "fam_1" });
  await upgrade.seedOwner({ userId: "u2", keyId: "key_2", familyId: "fam_2" });
  await account(1, { userId: "u1", email: "ada@example.test", password: "$argon2id$ada" }); // the CLI's
  await account(2, { userId: "u1", email: "bob@example.test", password: "$argon2id$bob", invitedBy: acc(1) });
  await account(3, { userId: "u1", email: "cy@example.test", invitedBy: acc(1) });
  await account(4, { userId: "u2", email: "ada@example.test" }); // could never be completed before
  await account(5, { userId: "u1", email: "dee@example.test", password: "$argon2id$dee", disabled: true });
  await sql(
    `INSERT INTO api_keys (id, user_id, type, hash, display_prefix, family_id, account_id)
     VALUES ('key_ada', 'u1', 'full', repeat('cd', 32), 'session', 'key_ada', $1)`,
    [acc(1)],
  );
  const cookie = "session-token-of-ada-000000000000000000000000";
  await sql(
    `INSERT INTO sessions (id, account_id, token_hash, csrf_token, last_seen_at, absolute_expires_at)
     VALUES ('ses_1', $1, $2, 'csrf', now(), now() + interval '1 day')`,
    [acc(1), hashOpaqueToken(cookie)],
  );
  const cyToken = "link-token-of-cy-00000000000000000000000000";
  await link(3, 3, cyToken);
  await link(4, 4, "link-token-of-ada-at-u2-000000000000000000000");

  expect(await upgrade.migrateAll()).toContain(MIGRATION);

  const columns = await sql<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'accounts'`,
  );
  expect(columns.map((c) => c.column_name)).not.toEqual(
    expect.arrayContaining([expect.stringMatching(/^(password_hash|sign_in_email)$/)]),
  );

  const db = createDb(upgrade.url, { poolSize: 1 });
  try {
    const ada = await findPersonByEmail(db, "ada@example.test");
    expect(ada).toMatchObject({ id: `per_${ULID(1)}`, passwordHash: "$argon2id$ada" });
    expect(ada?.emailVerifiedAt).not.toBeNull(); // made by the operator
    const bob = await findPersonByEmail(db, "bob@example.test");
    expect(bob).toMatchObject({ passwordHash: "$argon2id$bob", emailVerifiedAt: null }); // its inviter held the link
    expect(await findPersonByEmail(db, "dee@example.test")).toMatchObject({ passwordHash: "$argon2id$dee" });
    expect(await findPersonByEmail(db, "cy@example.test")).toBeNull();

    // Ada's session goes on; u2's invitation of her email is now hers to join
    expect((await findActiveSession(db, hashOpaqueToken(cookie), timeouts))?.account.id).toBe(acc(1));
    if (!ada || !bob) throw new Error("people missing");
    expect((await listMemberships(db, ada)).map((m) => [m.account.id, m.status])).toEqual([
      [acc(1), "active"],
      [acc(4), "invited"],
    ]);
    expect((await listMemberships(db, bob)).map((m) => [m.account.id, m.status])).toEqual([
      [acc(2), "active"],
    ]);

    // the people page reads the same statuses as before
    const u1 = (await listAccounts(db, "u1", { limit: 10 })).rows;
    expect(u1.map((a) => [a.id, a.joined, a.disabledAt !== null])).toEqual([
      [acc(5), true, true],
      [acc(3), false, false],
      [acc(2), true, false],
      [acc(1), true, false],
    ]);
    expect((await listInvitations(db, "u1", { limit: 10 })).rows.map((i) => i.accountId)).toEqual([acc(3)]);

    // the open invitation's link still sets up its account, making a person
    const cy = await redeemSignInLink(db, {
      tokenHash: hashOpaqueToken(cyToken),
      passwordHash: "$argon2id$cy",
      timeouts,
    });
    expect(cy?.account.personId).toBe(cy?.person.id);
    expect(cy?.person.email).toBe("cy@example.test");
  } finally {
    await db.$disconnect();
  }
});
