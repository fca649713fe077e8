// Test-only helpers, reached as `@ctxlog/db/testing`; index.ts does not export them so that no
// production import path loads them.
import { randomBytes } from "node:crypto";
import {
  buildNewContexts,
  type ContextOwner,
  createContextSigner,
  formatVerifierKey,
  leafHash,
  MemoryTree,
  noteSigner,
  parseSignerKey,
  proveInclusion,
  SecretKeyring,
  verifyInclusion,
  verifyMerkleProof,
} from "@ctxlog/core";
// Types through the package's own entry: the emitted testing.d.ts sits in dist-test, beside no
// client.d.ts, and must still name them.
import type { Db, MigrationsOptions } from "@ctxlog/db";
import type { AnchorTarget } from "./anchors/anchor-target";
import { attachBatches } from "./anchors/context-batches";
import { type AnchorClaim, type CreatedAnchorBatch, createAnchorBatch } from "./anchors/create-anchor-batch";
import { readAnchorFields } from "./anchors/in-flight-anchors";
import { createDb } from "./client";
import { confirmContextsOfBatch } from "./contexts/context-transitions";
import { ANCHOR_FIELDS, type Context, toContext } from "./contexts/context-view";
import { insertContexts } from "./contexts/insert-context";
import { dropDatabase, quoteIdentifier, withDatabaseName, withMaintenanceClient } from "./database";
import { bytesOfHex, withAnchorHexColumns } from "./hex-columns";
import { applyMigrations } from "./migrate";
import { loadSchemaEngine } from "./migration-engine/wasm";
import { inSqlTransaction } from "./sql-transaction";
import { createMigratedDatabase } from "./testing/template-database";
import { growTree, tilesNeeded } from "./tlog/grow-tree";
import { publishLogVerifierKey } from "./tlog/read-log";
import { appendToLog } from "./tlog/sequence-log";
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

/** Every attempt of a delivery, oldest first, as readers see it (stored-attempts.ts). */
export async function attemptsOf(db: Db, deliveryId: string) {
  return readAttemptLog(db, await db.webhookDelivery.findFirstOrThrow({ where: { id: deliveryId } }));
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

/** The development log key (.env.example's TLOG_SIGNING_KEY): tests' checkpoints are signed with it. */
export const TEST_TLOG_SIGNING_KEY =
  "PRIVATE+KEY+localhost/ctxlog-dev-tlog+a89cbd3f+Adex8PSEptx8l714xKQjxsUkOvYmIeDPxrU+53EmBz7F";

/**
 * Appends every queued context to the transparency log, as the chain worker's sequencer does
 * before it claims a batch: a test that anchors contexts by hand (createAnchorBatch) sequences them
 * first; its key is published first, as the sequencer publishes it. Returns the log's size after.
 */
export async function sequenceTestLog(db: Db): Promise<number> {
  const key = parseSignerKey(TEST_TLOG_SIGNING_KEY);
  await publishLogVerifierKey(db, formatVerifierKey(key));
  const signer = noteSigner(key);
  for (;;) {
    const result = await appendToLog(db, {
      limit: 16_384,
      tilesNeeded,
      grow: (input) => growTree(input, "localhost/ctxlog-dev-tlog", signer),
    });
    if (result.status === "busy") {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    if (result.status === "idle") return result.size;
  }
}

/**
 * Whether a confirmed context's proof reaches its anchor's root, as a verifier folds it: RFC 6962
 * (SHA-256) at its log index in the anchored tree of `treeSize` leaves for a tree head, the
 * sorted-pair keccak256 path of its batch's own tree otherwise.
 */
export function proofReachesRoot(
  context: { entryHash: string | null; contextHash: string; leafIndex: number | null; merkleProof: string[] },
  root: string,
  treeSize: number | bigint | null,
): boolean {
  if (treeSize === null) {
    return verifyMerkleProof(
      (context.entryHash ?? context.contextHash) as `0x${string}`,
      context.merkleProof as `0x${string}`[],
      root as `0x${string}`,
    );
  }
  if (context.entryHash === null || context.leafIndex === null) return false;
  try {
    verifyInclusion(
      context.leafIndex,
      Number(treeSize),
      leafHash(bytesOfHex(context.entryHash)),
      context.merkleProof.map(bytesOfHex),
      bytesOfHex(root),
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * A batch claimed as the chain worker claims one: the queued contexts appended to the log first
 * (sequenceTestLog), then createAnchorBatch — the log's tree head for contexts the log holds.
 */
export async function claimTestBatch(
  db: Db,
  target: AnchorTarget,
  claim: AnchorClaim,
): Promise<CreatedAnchorBatch | null> {
  await sequenceTestLog(db);
  return createAnchorBatch(db, target, claim);
}

/**
 * A context's place in the log and its RFC 6962 inclusion proof in the tree of `treeSize` leaves,
 * computed by @ctxlog/core from the logged contexts' entry hashes (not read out of the tiles): what
 * a reader of a tree-head anchor's context must give.
 */
export async function expectedLogProof(
  db: Db,
  id: string,
  treeSize: number,
): Promise<{ leafIndex: number; proof: string[] }> {
  const rows = await db.$queryRaw<{ id: string; entry_hash: Uint8Array }[]>`
    SELECT l.id, c.entry_hash FROM tlog_leaves AS l JOIN contexts AS c ON c.id = l.id
     WHERE l.log_index < ${treeSize} ORDER BY l.log_index`;
  const tree = new MemoryTree();
  for (const r of rows) tree.append(new Uint8Array(r.entry_hash));
  const leafIndex = rows.findIndex((r) => r.id === id);
  if (leafIndex < 0) throw new Error(`${id} is not in the log's first ${treeSize} leaves`);
  const proof = proveInclusion(leafIndex, treeSize, (level, index) => tree.hashAt(level, index));
  return { leafIndex, proof: proof.map((h) => `0x${Buffer.from(h).toString("hex")}`) };
}
