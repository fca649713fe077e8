// Test-only: what today's code writes that an older schema, seeded by an upgrade test, lacks.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_MIGRATIONS_DIR } from "../paths";

const TLOG_MIGRATION = "20261130041500_transparency_log";

/**
 * Runs `seed` — today's context writer, which queues every chained context for the transparency log
 * (receiveContexts) — on a schema older than migration 20261130041500_transparency_log: its
 * `tlog_queue` is lent from that migration's own text and dropped again after, so that the
 * migration creates it and queues every chained context, the seeded ones included.
 */
export async function withTlogQueueLent<T>(
  execute: (sql: string) => Promise<unknown>,
  seed: () => Promise<T>,
): Promise<T> {
  const migration = await readFile(
    path.join(DEFAULT_MIGRATIONS_DIR, TLOG_MIGRATION, "migration.sql"),
    "utf8",
  );
  const create = /CREATE TABLE "tlog_queue" \([\s\S]*?\);/.exec(migration)?.[0];
  if (!create) throw new Error(`tlog_queue is no longer created by ${TLOG_MIGRATION}`);
  await execute(create);
  try {
    return await seed();
  } finally {
    await execute('DROP TABLE "tlog_queue"');
  }
}

const TREE_HEADS_MIGRATION = "20261130062000_tree_head_anchors";
const LOG_INDEX_MIGRATION = "20261201030000_log_index_held_once";

/**
 * Runs `read` — today's confirmation and readers, which read a tree head's leaves in tlog_leaves,
 * each anchor's tree_size and its proof through ctxlog_anchor_proof (migration
 * 20261130062000_tree_head_anchors), and a context's log index through ctxlog_log_index (migration
 * 20261201030000_log_index_held_once) — on a schema older than all three: `tlog_leaves` (from
 * 20261130041500_transparency_log's text), `anchors.tree_size` and the two later migrations'
 * functions are lent, and dropped again after.
 */
export async function withTreeHeadsLent<T>(
  execute: (sql: string) => Promise<unknown>,
  read: () => Promise<T>,
): Promise<T> {
  const [tlog, ...later] = await Promise.all(
    [TLOG_MIGRATION, TREE_HEADS_MIGRATION, LOG_INDEX_MIGRATION].map((m) =>
      readFile(path.join(DEFAULT_MIGRATIONS_DIR, m, "migration.sql"), "utf8"),
    ),
  );
  const create = /CREATE TABLE "tlog_leaves" \([\s\S]*?\);/.exec(tlog ?? "")?.[0];
  if (!create) throw new Error(`tlog_leaves is no longer created by ${TLOG_MIGRATION}`);
  const functions = later.flatMap((text, i) => {
    const found = [...text.matchAll(/CREATE FUNCTION (ctxlog_\w+)\(([^)]*)\)[\s\S]*?\$\$;/g)];
    if (found.length === 0)
      throw new Error(`${[TREE_HEADS_MIGRATION, LOG_INDEX_MIGRATION][i]} creates no function any more`);
    return found;
  });
  await execute(create);
  await execute('ALTER TABLE "anchors" ADD COLUMN "tree_size" BIGINT');
  for (const f of functions) await execute(f[0]);
  try {
    return await read();
  } finally {
    for (const f of functions.reverse()) {
      const types = (f[2] ?? "").split(",").map((arg) => arg.trim().split(/\s+/).slice(1).join(" "));
      await execute(`DROP FUNCTION ${f[1]}(${types.join(", ")})`);
    }
    await execute('ALTER TABLE "anchors" DROP COLUMN "tree_size"');
    await execute('DROP TABLE "tlog_leaves"');
  }
}

/**
 * Runs `write` — today's event writer (recordEvents), which queues each event for the fan-out with
 * its user (migration 20261130173000_events_keyed_by_user) — on a schema older than that:
 * `unfanned_events.user_id` is lent, and dropped again after (the queue rows stay, as that schema
 * holds them: the migration fills in their users).
 */
export async function withEventUsersLent<T>(
  execute: (sql: string) => Promise<unknown>,
  write: () => Promise<T>,
): Promise<T> {
  await execute('ALTER TABLE "unfanned_events" ADD COLUMN "user_id" TEXT');
  try {
    return await write();
  } finally {
    await execute('ALTER TABLE "unfanned_events" DROP COLUMN "user_id"');
  }
}

/**
 * Runs `write` — today's context and delivery writers, which write no `updated_at` (migration
 * 20261130190000_unread_timestamps_dropped) — on a schema older than that, where the column is NOT
 * NULL with no default: each is lent the default `now()`, dropped again after.
 */
export async function withUpdatedAtDefaulted<T>(
  execute: (sql: string) => Promise<unknown>,
  write: () => Promise<T>,
): Promise<T> {
  const tables = ["contexts", "webhook_deliveries"];
  for (const t of tables) await execute(`ALTER TABLE "${t}" ALTER COLUMN "updated_at" SET DEFAULT now()`);
  try {
    return await write();
  } finally {
    for (const t of tables) await execute(`ALTER TABLE "${t}" ALTER COLUMN "updated_at" DROP DEFAULT`);
  }
}

/**
 * Runs `write` — today's context writer, which writes no key family (a context's is its key's since
 * migration 20261201060000_contexts_key_family_from_their_key) — on a schema older than that, where
 * `contexts.key_family_id` is NOT NULL: the column takes nulls while `write` runs, then each row
 * written gets its key's family, as the writer of the time wrote it.
 */
export async function withKeyFamilyFilled<T>(
  execute: (sql: string) => Promise<unknown>,
  write: () => Promise<T>,
): Promise<T> {
  await execute('ALTER TABLE "contexts" ALTER COLUMN "key_family_id" DROP NOT NULL');
  try {
    return await write();
  } finally {
    await execute(`UPDATE "contexts" AS c SET "key_family_id" = k."family_id" FROM "api_keys" AS k
                    WHERE k."id" = c."api_key_id" AND c."key_family_id" IS NULL`);
    await execute('ALTER TABLE "contexts" ALTER COLUMN "key_family_id" SET NOT NULL');
  }
}

/**
 * Runs `run` — today's confirmation and readers, which name a confirmed context's anchor by its ref
 * (migration 20261201040000_confirmed_contexts_name_their_anchor_by_ref) — on a schema older than
 * that: `anchors.ref` and `confirmed_contexts.anchor_ref` are lent (the rows already there given
 * theirs), and dropped again after, each row confirmed meanwhile given its anchor's id as that
 * schema holds it.
 */
export async function withAnchorRefsLent<T>(
  execute: (sql: string) => Promise<unknown>,
  run: () => Promise<T>,
): Promise<T> {
  await execute('ALTER TABLE "anchors" ADD COLUMN "ref" SERIAL NOT NULL');
  await execute(
    'ALTER TABLE "confirmed_contexts" ADD COLUMN "anchor_ref" INTEGER, ALTER COLUMN "anchor_id" DROP NOT NULL',
  );
  await execute(
    'UPDATE "confirmed_contexts" AS m SET "anchor_ref" = a."ref" FROM "anchors" AS a WHERE a."id" = m."anchor_id"',
  );
  try {
    return await run();
  } finally {
    await execute(
      'UPDATE "confirmed_contexts" AS m SET "anchor_id" = a."id" FROM "anchors" AS a WHERE a."ref" = m."anchor_ref" AND m."anchor_id" IS NULL',
    );
    await execute(
      'ALTER TABLE "confirmed_contexts" DROP COLUMN "anchor_ref", ALTER COLUMN "anchor_id" SET NOT NULL',
    );
    await execute('ALTER TABLE "anchors" DROP COLUMN "ref"');
  }
}
