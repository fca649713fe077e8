// Test-only helpers, reached as `@ctxlog/db/testing`; index.ts does not export them so that no
// production import path loads them.
import { randomBytes } from "node:crypto";
import {
  buildNewContexts,
  type ContextOwner,
  createContextSigner,
  type DeliveryKey,
  deliveryIdOf,
  SecretKeyring,
} from "@ctxlog/core";
// Types through the package's own entry: the emitted testing.d.ts sits in dist-test, beside no
// client.d.ts, and must still name them.
import type { Db, MigrationsOptions } from "@ctxlog/db";
import { attachBatches } from "./anchors/context-batches";
import { readAnchorFields } from "./anchors/in-flight-anchors";
import { createDb } from "./client";
import { confirmContextsOfBatch } from "./contexts/context-transitions";
import { ANCHOR_FIELDS, type Context, toContext } from "./contexts/context-view";
import { insertContexts } from "./contexts/insert-context";
import { dropDatabase, quoteIdentifier, withDatabaseName, withMaintenanceClient } from "./database";
import { withAnchorHexColumns } from "./hex-columns";
import { applyMigrations } from "./migrate";
import { loadSchemaEngine } from "./migration-engine/wasm";
import { inSqlTransaction } from "./sql-transaction";
import { createMigratedDatabase } from "./testing/template-database";
import { readDelivery } from "./webhooks/get-delivery";
import { readAttemptLog } from "./webhooks/stored-attempts";

export const DEFAULT_TEST_DATABASE_ADMIN_URL = "postgresql://root@127.0.0.1:5432/postgres";

/** The secrets-at-rest key of the test harnesses (a fixed test value; never a real deployment's). */
export const TEST_SECRETS_ENV = {
  SECRETS_ENCRYPTION_KEY: "dGVzdC1vbmx5LXNlY3JldHMta2V5LTMyLWJ5dGVzLiE=",
  SECRETS_ENCRYPTION_KEY_ID: "test",
} as const;

export const testSecretKeyring = () =>
  SecretKeyring.parse({
    key: TEST_SECRETS_ENV.SECRETS_ENCRYPTION_KEY,
    keyId: TEST_SECRETS_ENV.SECRETS_ENCRYPTION_KEY_ID,
  });

export interface TestDatabase {
  /** Connection URL of the new database. */
  url: string;
  /** A client on it (small pool). */
  db: Db;
  /** Disconnects `db` and drops this database, and only it. Safe to call twice. */
  drop(): Promise<void>;
}

/**
 * A new, uniquely named database with every migration applied, on the server of
 * TEST_DATABASE_ADMIN_URL. Call once per test file and `drop()` it in afterAll. With the
 * repository's migrations (no `migrationsDir`/`dataSteps`) it is a copy of a template migrated
 * once per server, day and migrations folder; otherwise the migrations are applied to it.
 */
export async function createTestDatabase(
  prefix = "ctxlog_test",
  opts: MigrationsOptions & { poolSize?: number } = {},
): Promise<TestDatabase> {
  if (!/^[a-z_][a-z0-9_]{0,39}$/.test(prefix)) {
    throw new Error(`test database prefix must be 1-40 of [a-z0-9_], not starting with a digit: ${prefix}`);
  }
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL || DEFAULT_TEST_DATABASE_ADMIN_URL;
  // time first, so leftovers of crashed runs sort by age; random part for parallel jest workers
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const url = withDatabaseName(adminUrl, name);
  if (opts.migrationsDir === undefined && opts.dataSteps === undefined) {
    // the repository's migrations: a copy of the migrated template (testing/template-database.ts)
    await createMigratedDatabase(adminUrl, name);
  } else {
    // CREATE DATABASE is ~200 ms of server work; compile the engine's wasm (~90 ms, once) meanwhile.
    // Its failure, if any, resurfaces in applyMigrations below.
    const warming = loadSchemaEngine().catch(() => {});
    await withMaintenanceClient(adminUrl, (client) =>
      client.query(`CREATE DATABASE ${quoteIdentifier(name)}`),
    );
    await warming;
    try {
      await applyMigrations(url, opts);
    } catch (error) {
      await dropDatabase(url).catch(() => {});
      throw error;
    }
  }
  const db = createDb(url, { poolSize: opts.poolSize ?? 5 });
  let dropping: Promise<void> | undefined;
  const drop = () => {
    dropping ??= db.$disconnect().finally(() => dropDatabase(url));
    return dropping;
  };
  return { url, db, drop };
}

/** A user with nothing else (contexts need one). Seed functions double as test factories. */
/** Contexts as every reader sees them (their rows with their anchors' chain fields), whoever owns them. */
export async function readContexts(
  db: Db,
  ids: readonly string[],
  opts: { olderSchema?: boolean } = {},
): Promise<Context[]> {
  const rows = await db.context.findMany({
    where: { id: { in: [...ids] } },
    include: { anchor: { select: ANCHOR_FIELDS } },
    // a migration test's database before 20261130035600_legal_holds has no such columns: read as null
    ...(opts.olderSchema ? { omit: LATER_CONTEXT_COLUMNS } : {}),
    orderBy: { id: "asc" },
  });
  // Prisma reads the anchor's transaction hash as its bytes; readers see 0x-hex (and an older
  // schema's rows the erasure columns it lacks as null)
  const withHexAnchors = rows.map((r) => ({
    dataErasureReason: null,
    dataErasureOverrodeRetention: null,
    ...r,
    anchor: r.anchor && withAnchorHexColumns(r.anchor),
  }));
  return (await attachBatches(db, withHexAnchors, readAnchorFields(db), { withProofs: true })).map(toContext);
}

/** Columns of contexts newer than the schemas migration tests write old rows to (readContexts' olderSchema). */
const LATER_CONTEXT_COLUMNS = { dataErasureReason: true, dataErasureOverrodeRetention: true } as const;

/**
 * The contexts of a batch a test wrote itself (anchors.context_ids, in leaf order) confirmed as the
 * chain worker's confirmation confirms them (context-transitions.ts' `confirm`), without a chain.
 */
export async function confirmContextsOfTestBatch(db: Db, anchorId: string): Promise<string[]> {
  return (await inSqlTransaction(db, (sql) => confirmContextsOfBatch(sql, anchorId))).map((r) => r.id);
}

/** One context as every reader sees it; throws when there is none. */
export async function readContext(
  db: Db,
  id: string,
  opts: { olderSchema?: boolean } = {},
): Promise<Context> {
  const [row] = await readContexts(db, [id], opts);
  if (!row) throw new Error(`no context ${id}`);
  return row;
}

/** Every attempt of a delivery (by its key), oldest first, as readers see it (stored-attempts.ts). */
export async function attemptsOf(db: Db, key: DeliveryKey) {
  const delivery = await readDelivery(db, key.webhookId, deliveryIdOf(key.eventId));
  if (!delivery) throw new Error(`no delivery of ${key.eventId} to ${key.webhookId}`);
  return readAttemptLog(db, delivery);
}

/**
 * A delivery's stored row by its key, for tests that look at its columns (the row names its webhook
 * by ref, webhooks.ref; the key by id), with its last attempt's time and status as the API reads
 * them from its attempts (ctxlog_last_attempt: no column keeps them).
 */
export async function deliveryRowOf(db: Db, key: DeliveryKey) {
  const row = await db.webhookDelivery.findFirstOrThrow({
    where: { eventId: key.eventId, webhook: { id: key.webhookId } },
  });
  const read = await readDelivery(db, key.webhookId, deliveryIdOf(key.eventId));
  return { ...row, lastAttemptAt: read?.lastAttemptAt ?? null, responseStatus: read?.responseStatus ?? null };
}

/**
 * Read a delivery's row with `include: WITH_WEBHOOK_ID` to have its webhook's id beside its ref;
 * `deliveryKeyOfRow` gives such a row's key.
 */
export const WITH_WEBHOOK_ID = { webhook: { select: { id: true } } } as const;

/** The key (eventId, and its webhook's id) of a delivery's row read with `include: WITH_WEBHOOK_ID`. */
export function deliveryKeyOfRow(row: { eventId: string; webhook: { id: string } }): DeliveryKey {
  return { eventId: row.eventId, webhookId: row.webhook.id };
}

/** The ref (webhooks.ref) by which a webhook's deliveries and attempts name it; throws when there is no such webhook. */
export async function webhookRefOf(db: Db, webhookId: string): Promise<number> {
  return (await db.webhook.findUniqueOrThrow({ where: { id: webhookId }, select: { ref: true } })).ref;
}

/** The ref (anchors.ref) by which its confirmed contexts' rows name an anchor; throws when there is no such anchor. */
export async function anchorRefOf(db: Db, anchorId: string): Promise<number> {
  return (await db.anchor.findUniqueOrThrow({ where: { id: anchorId }, select: { ref: true } })).ref;
}

export async function seedUser(db: Db, userId = `usr-${randomBytes(6).toString("hex")}`) {
  await db.user.upsert({ where: { id: userId }, create: { id: userId }, update: {} });
  const key = await db.apiKey.create({
    data: {
      id: `key_seed${randomBytes(8).toString("hex")}`,
      userId,
      type: "full",
      hash: randomBytes(32),
      displayPrefix: "sk_seed",
      familyId: `fam_${randomBytes(6).toString("hex")}`,
    },
  });
  return { userId, apiKeyId: key.id, keyFamilyId: key.familyId };
}

/**
 * `count` pending contexts built and written exactly as the API does (buildNewContexts, then
 * insertContexts, in one statement). Returns their ids in creation order.
 */
export async function seedContexts(
  db: Db,
  owner: ContextOwner,
  opts: { count: number; signerPrivateKey: `0x${string}`; network?: string; agentId?: string },
): Promise<string[]> {
  const inputs = Array.from({ length: opts.count }, (_, n) => ({
    agent_id: opts.agentId ?? "agent-seed",
    context_data: { task: "seed", n, nonce: randomBytes(8).toString("hex") },
  }));
  const signer = createContextSigner(opts.signerPrivateKey);
  const rows = buildNewContexts(owner, inputs, {
    signer,
    network: opts.network ?? "anvil",
    confirmationDelayMs: 5_000,
  });
  await insertContexts(db, rows, signer);
  return rows.map((r) => r.id);
}

// the transparency log and anchors as the chain worker makes them, for tests
export * from "./testing/anchor-of-context";
export * from "./testing/log-anchors";
