import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction, type SqlRunner, sqlOf } from "../sql-transaction";
import {
  createEventPartitions,
  deadlockTimeout,
  dropEventDay,
  eventDayBusy,
  eventDayCounts,
  eventPartitionSuffixes,
  lockEventTables,
  relationExists,
} from "./event-partitions.queries";
import { setLocalLockTimeout } from "./lock-timeout.queries";

const DAY_MS = 86_400_000;

// outbox_events, webhook_deliveries and webhook_attempts are partitioned by day of the event id
// (a ULID, so a day is an id range): one partition of each per UTC day, named `<table>_pYYYYMMDD`,
// plus a `<table>_default` for ids outside every day (see the migration
// 20261127030000_events_partitioned_by_day and docs/operations.md, Partitioning).

/** The UTC day a partition suffix names, e.g. "20261127" → 2026-11-27T00:00:00Z. */
function dayOf(suffix: string): Date {
  return new Date(
    Date.UTC(Number(suffix.slice(0, 4)), Number(suffix.slice(4, 6)) - 1, Number(suffix.slice(6, 8))),
  );
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The UTC days that have a partition (of outbox_events; the three tables are created together), oldest first. */
export async function listEventPartitionDays(db: DbOrTx): Promise<Date[]> {
  const rows = await runQuery(eventPartitionSuffixes, undefined, sqlOf(db));
  return rows.map((r) => dayOf(r.suffix));
}

/**
 * Creates the day partitions of the three tables from today to `daysAhead` days after it (UTC),
 * those that do not exist yet, and returns the days created. Idempotent, and safe to run from
 * several workers at once. Not yesterday: it exists unless retention already dropped it (a
 * retention period under a day), and recreating it there would only be dropped again. The
 * migration created yesterday too; an insert past the last day created lands in the default
 * partition rather than failing.
 */
export async function ensureEventPartitions(
  db: DbOrTx,
  opts: { daysAhead: number; now?: Date },
): Promise<Date[]> {
  const today = new Date(Math.floor((opts.now ?? new Date()).getTime() / DAY_MS) * DAY_MS);
  const from = isoDay(today);
  const to = isoDay(new Date(today.getTime() + opts.daysAhead * DAY_MS));
  const rows = await runQuery(createEventPartitions, { fromDay: from, toDay: to }, sqlOf(db));
  return rows.map((r) => r.day);
}

export interface RetiredDay {
  day: Date;
  /** rows the day held when it was dropped, per table */
  events: number;
  deliveries: number;
  attempts: number;
  /** how long the three tables were locked (writers and readers waited), from the lock to the last DROP */
  lockedMs: number;
}

/**
 * Drops, with their deliveries and attempts, the days whose whole range is older than `cutoff`
 * and in which nothing is pending: every event fanned out, no delivery `pending` (retries
 * included), no event recorded at or after the cutoff. A day held back is looked at again on the
 * next run. Each day is one short transaction: the three parents are locked (ACCESS EXCLUSIVE, as
 * dropping a partition requires, with the users and webhooks tables their foreign keys reference;
 * waiting at most `lockTimeoutMs`, 500 by default and always under half the server's
 * deadlock_timeout), the day is checked again, then its partitions are dropped. A lock timeout
 * leaves the day for the next run (held back). Dropping writes a few KB of WAL per day where
 * deleting its rows wrote about a kilobyte per row (bench/retention.js).
 */
export async function retireEventPartitions(
  db: DbOrTx,
  opts: { cutoff: Date; lockTimeoutMs?: number },
): Promise<{ retired: RetiredDay[]; heldBack: Date[] }> {
  const retired: RetiredDay[] = [];
  const heldBack: Date[] = [];
  // Below the server's deadlock_timeout, whatever is asked: in a lock cycle with a writer, this side
  // gives up before PostgreSQL's deadlock check runs, so the victim is never the writer.
  const lockTimeoutMs = Math.min(opts.lockTimeoutMs ?? 500, (await deadlockTimeoutMs(db)) / 2);
  for (const day of await listEventPartitionDays(db)) {
    if (day.getTime() + DAY_MS > opts.cutoff.getTime()) break;
    const suffix = `_p${isoDay(day).replaceAll("-", "")}`;
    let outcome: Omit<RetiredDay, "day"> | null;
    try {
      outcome = await retireDay(db, suffix, opts.cutoff, lockTimeoutMs);
    } catch (error) {
      // another worker retired it meanwhile: the tables are gone, which is the outcome wanted
      if (!(await partitionExists(db, `outbox_events${suffix}`))) continue;
      // the writers kept a table longer than we wait: the day is for the next run
      if (isLockTimeout(error)) {
        heldBack.push(day);
        continue;
      }
      throw error;
    }
    if (outcome) retired.push({ day, ...outcome });
    else heldBack.push(day);
  }
  return { retired, heldBack };
}

async function deadlockTimeoutMs(db: DbOrTx): Promise<number> {
  const [row] = await runQuery(deadlockTimeout, undefined, sqlOf(db));
  return row?.ms ?? 1_000;
}

/** PostgreSQL's lock_not_available (a lock wait past lock_timeout), however the driver wraps it. */
function isLockTimeout(error: unknown): boolean {
  const e = error as { code?: string; meta?: { code?: string }; message?: string } | null;
  return e?.code === "55P03" || e?.meta?.code === "55P03" || /lock timeout/i.test(e?.message ?? "");
}

async function partitionExists(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await runQuery(relationExists, { name }, sqlOf(db));
  return row?.found === true;
}

/** Drops the day's three partitions if nothing in them is pending; null (nothing done) otherwise. */
async function retireDay(
  db: DbOrTx,
  suffix: string,
  cutoff: Date,
  lockTimeoutMs: number,
): Promise<Omit<RetiredDay, "day"> | null> {
  // A cheap look first, without locks, so a held-back day never blocks the writers.
  if (!(await dayIsDone(db, suffix, cutoff))) return null;
  // Counted before the locks, not under them (a scan of the day); for the log. A done day gets no
  // new rows: only a pending delivery takes attempts, and the check under the locks sees one. A
  // delivery's first attempt is in its row.
  const [counts] = await runQuery(eventDayCounts, { suffix }, sqlOf(db));
  return inSqlTransaction(db, async (sql) => {
    await runQuery(setLocalLockTimeout, { ms: Math.max(1, Math.round(lockTimeoutMs)) }, sql);
    // Dropping a partition drops its foreign keys' triggers on the tables they reference (events and
    // deliveries → users, deliveries → webhooks), which takes those tables ACCESS EXCLUSIVE too. Taken
    // there, mid-transaction, while holding the event tables, it closed a cycle with a writer
    // (createWebhook holds the user's row, then inserts into webhooks): a deadlock, and PostgreSQL
    // killed the writer. So they are taken first, then the three parents. Writers do not all take
    // them in one order (the fan-out reads webhooks, then a delivery's foreign key locks users), so a
    // cycle can still form: lock_timeout, under deadlock_timeout, makes this side give up first and
    // the writer go on.
    await runQuery(lockEventTables, undefined, sql);
    const lockedAt = performance.now();
    if (!(await dayIsDone(sql, suffix, cutoff))) return null;
    // attempts, then deliveries, then events, each referenced partition detached before its drop
    // (the migration 20261130004000_event_day_functions: a partition's name is no parameter)
    await runQuery(dropEventDay, { suffix }, sql);
    return counts ? { ...counts, lockedMs: Math.round(performance.now() - lockedAt) } : null;
  });
}

async function dayIsDone(db: DbOrTx | SqlRunner, suffix: string, cutoff: Date): Promise<boolean> {
  // The suffix comes from pg_class names matched against _p[0-9]{8}; the function refuses any other.
  const [row] = await runQuery(eventDayBusy, { suffix, cutoff }, sqlOf(db));
  return row?.busy === false;
}
