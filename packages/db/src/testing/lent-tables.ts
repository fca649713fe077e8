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
