// Integration: real PostgreSQL. The migration that stores the SHA-256s secrets are looked up by as
// their bytes (20261130040000_token_hashes_as_bytes): an API key's hash, a session's and a sign-in
// link's token hash, and an Idempotency-Key's request hash, applied to a database holding them as
// the hex text the code wrote before. After it the same key authenticates, the same session cookie
// signs in, the same link works once, and the same Idempotency-Key replays its answer (and one whose
// context's data was erased is still refused as another request).
import { createHash } from "node:crypto";
import { generateApiKey, generateOpaqueToken, hashApiKey, hashOpaqueToken, newId } from "@ctxlog/core";
import { findSignInLink } from "./accounts/find-sign-in-link";
import { redeemSignInLink } from "./accounts/redeem-sign-in-link";
import { findActiveApiKey } from "./api-keys/find-active-api-key";
import { createDb } from "./client";
import { IdempotencyConflictError, withIdempotency } from "./idempotency/with-idempotency";
import { findActiveSession } from "./sessions/find-active-session";
import { createUpgradeDatabase, type UpgradeDatabase } from "./testing/upgrade-database";

const MIGRATION = "20261130040000_token_hashes_as_bytes";
const owner = { userId: "usr_token_hashes", keyId: "key_token_hashes", familyId: "fam_token_hashes" };
const timeouts = { idleMs: 3_600_000, absoluteMs: 86_400_000 };
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const apiKey = generateApiKey("restricted");
const cookie = generateOpaqueToken();
const linkToken = generateOpaqueToken();
const accountId = newId("acc");
const body = JSON.stringify({ agent_id: "a", context_data: { n: 1 } });
const idempotent = {
  userId: owner.userId,
  keyFamilyId: owner.familyId,
  method: "POST",
  path: "/v1/contexts",
};

let upgrade: UpgradeDatabase;
let db: ReturnType<typeof createDb>;

beforeAll(async () => {
  upgrade = await createUpgradeDatabase(MIGRATION, "token_hashes");
  await upgrade.migrateToBefore();
  await upgrade.seedOwner({ userId: owner.userId, keyId: owner.keyId, familyId: owner.familyId });
  const sql = upgrade.sql;
  // rows as the code before the migration wrote them: each SHA-256 as 64 lowercase hex digits
  await sql(
    `INSERT INTO api_keys (id, user_id, type, hash, display_prefix, agent_patterns, family_id)
     VALUES ('key_old', $1, 'restricted', $2, $3, ARRAY['bot-*'], $4)`,
    [owner.userId, apiKey.hash, apiKey.displayPrefix, owner.familyId],
  );
  await sql(`INSERT INTO people (id, email, password_hash) VALUES ('per_old', 'ada@example.test', 'x')`);
  await sql(
    `INSERT INTO accounts (id, user_id, email, person_id) VALUES ($1, $2, 'ada@example.test', 'per_old')`,
    [accountId, owner.userId],
  );
  await sql(
    `INSERT INTO api_keys (id, user_id, type, hash, display_prefix, family_id, account_id)
     VALUES ('key_account', $1, 'full', $2, 'session', 'key_account', $3)`,
    [owner.userId, sha256("account:nobody holds this"), accountId],
  );
  await sql(
    `INSERT INTO sessions (id, account_id, token_hash, csrf_token, last_seen_at, absolute_expires_at)
     VALUES ('ses_old', $1, $2, 'csrf', now(), now() + interval '1 day')`,
    [accountId, hashOpaqueToken(cookie)],
  );
  await sql(
    `INSERT INTO sign_in_links (id, account_id, token_hash, expires_at)
     VALUES ('lnk_old', $1, $2, now() + interval '1 hour')`,
    [accountId, hashOpaqueToken(linkToken)],
  );
  // an answer kept for its key, and one whose context's data was erased since (erase-contexts-data)
  for (const [key, requestHash] of [
    ["K-kept", sha256(body)],
    ["K-erased", "erased"],
  ]) {
    await sql(
      `INSERT INTO idempotency_keys (user_id, key_family_id, key, method, path, request_hash, response_status,
         response_body, expires_at)
       VALUES ($1, $2, $3, 'POST', '/v1/contexts', $4, 202, '{"context_id":"ctx_1"}', now() + interval '1 day')`,
      [owner.userId, owner.familyId, key, requestHash],
    );
  }
  await upgrade.migrateAll();
  db = createDb(upgrade.url, { poolSize: 2 });
});

afterAll(async () => {
  await db?.$disconnect();
  await upgrade.drop();
});

it("stores each hash as its 32 bytes (an erased answer's as none), the unique indexes on the bytes", async () => {
  const lengths = await upgrade.sql<{ n: number }>(
    `SELECT octet_length(hash) AS n FROM api_keys
     UNION ALL SELECT octet_length(token_hash) FROM sessions
     UNION ALL SELECT octet_length(token_hash) FROM sign_in_links
     UNION ALL SELECT octet_length(request_hash) FROM idempotency_keys WHERE key = 'K-kept'`,
  );
  expect(lengths.map((r) => r.n)).toEqual(Array(6).fill(32));
  const [erased] = await upgrade.sql<{ request_hash: Buffer }>(
    "SELECT request_hash FROM idempotency_keys WHERE key = 'K-erased'",
  );
  expect(erased?.request_hash).toEqual(Buffer.alloc(0));
  const [stored] = await upgrade.sql<{ hash: Buffer }>("SELECT hash FROM api_keys WHERE id = 'key_old'");
  expect(stored?.hash.toString("hex")).toBe(hashApiKey(apiKey.key));
  const indexes = await upgrade.sql<{ name: string; type: string }>(
    `SELECT i.indexrelid::regclass::text AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_index AS i JOIN pg_attribute AS a ON a.attrelid = i.indexrelid
      WHERE i.indexrelid::regclass::text IN ('api_keys_hash_key', 'sessions_token_hash_key',
            'sign_in_links_token_hash_key')
      ORDER BY 1`,
  );
  expect(indexes).toEqual([
    { name: "api_keys_hash_key", type: "bytea" },
    { name: "sessions_token_hash_key", type: "bytea" },
    { name: "sign_in_links_token_hash_key", type: "bytea" },
  ]);
});

it("the same API key authenticates, as the key it was", async () => {
  const key = await findActiveApiKey(db, hashApiKey(apiKey.key));
  expect(key).toMatchObject({
    id: "key_old",
    userId: owner.userId,
    type: "restricted",
    agentPatterns: ["bot-*"],
    hash: hashApiKey(apiKey.key),
  });
  expect(await findActiveApiKey(db, hashApiKey(`${apiKey.key}x`))).toBeNull();
});

it("the same session cookie signs in to its account", async () => {
  const session = await findActiveSession(db, hashOpaqueToken(cookie), timeouts);
  expect(session).toMatchObject({ id: "ses_old", accountId, tokenHash: hashOpaqueToken(cookie) });
  expect(session?.account.apiKey.id).toBe("key_account");
  expect(await findActiveSession(db, hashOpaqueToken(generateOpaqueToken()), timeouts)).toBeNull();
});

it("the same Idempotency-Key replays its answer, and refuses another body or an erased answer", async () => {
  const work = jest.fn(async () => ({ status: 202, body: "new", value: 0 }));
  const kept = { ...idempotent, key: "K-kept" };
  expect(await withIdempotency(db, { ...kept, requestHash: sha256(body) }, work)).toEqual({
    status: 202,
    body: '{"context_id":"ctx_1"}',
    replayed: true,
  });
  await expect(withIdempotency(db, { ...kept, requestHash: sha256(`${body} `) }, work)).rejects.toThrow(
    IdempotencyConflictError,
  );
  const erased = { ...idempotent, key: "K-erased", requestHash: sha256(body) };
  await expect(withIdempotency(db, erased, work)).rejects.toThrow(IdempotencyConflictError);
  expect(work).not.toHaveBeenCalled();
});

// last: it uses the link up, and ends the old session (a redemption signs the person in afresh)
it("the same sign-in link works, once", async () => {
  const tokenHash = hashOpaqueToken(linkToken);
  expect(await findSignInLink(db, tokenHash)).toMatchObject({ id: "lnk_old", accountId, tokenHash });
  const redeemed = await redeemSignInLink(db, { tokenHash, passwordHash: "$argon2id$new", timeouts });
  expect(redeemed?.account.id).toBe(accountId);
  expect(
    await findActiveSession(db, hashOpaqueToken(redeemed?.session.token ?? ""), timeouts),
  ).not.toBeNull();
  expect(await findSignInLink(db, tokenHash)).toBeNull();
  expect(await redeemSignInLink(db, { tokenHash, passwordHash: "$argon2id$again", timeouts })).toBeNull();
});

it("stops, rather than store something else, on a hash that is not 32 bytes", async () => {
  const odd = await createUpgradeDatabase(MIGRATION, "token_hashes_odd");
  try {
    await odd.migrateToBefore();
    await odd.seedOwner({ userId: "u_odd", keyId: "key_ok", familyId: "fam_odd" });
    await odd.sql(
      `INSERT INTO api_keys (id, user_id, type, hash, display_prefix, family_id)
       VALUES ('key_odd', 'u_odd', 'full', 'abcd', 'sk_', 'fam_odd')`,
    );
    await expect(odd.migrateAll()).rejects.toThrow(/api key key_odd holds a hash that is not 32 bytes/);
  } finally {
    await odd.drop();
  }
});
