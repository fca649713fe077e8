import { DEFAULT_PG_TIMEOUTS, type PgTimeouts } from "@ctxlog/core";
import { PrismaPg } from "@prisma/adapter-pg";
import { Client, Pool } from "pg";
import { PrismaClient } from "./generated/prisma/client";

// a context as readers see it: its row and its anchor's chain fields (contexts/context-view.ts)
export type { AnchorView as Anchor, Context, ContextRow } from "./contexts/context-view";
export type {
  Account,
  AgentLog,
  ApiKey,
  IdempotencyKey,
  OutboxEvent,
  Person,
  Session,
  User,
} from "./generated/prisma/client";
export { ContextStatus, KeyType, Prisma, PrismaClient, Visibility } from "./generated/prisma/client";

/** The application's database handle. */
export type Db = PrismaClient;

export interface CreateDbOptions {
  /** Connections in the pg pool; pg's default (10) when unset. */
  poolSize?: number;
  /** How long to wait on PostgreSQL (0 = no limit); DEFAULT_PG_TIMEOUTS for those not given. */
  timeouts?: Partial<PgTimeouts>;
}

/** The error pg's client-side query_timeout fails a query with. */
const QUERY_READ_TIMEOUT_MESSAGE = "Query read timeout";

const isReadTimeout = (err: unknown) => err instanceof Error && err.message === QUERY_READ_TIMEOUT_MESSAGE;

/**
 * pg's query_timeout fails the query but keeps its connection, which still waits for the answer.
 * Back in the pool (Prisma's transactions release it without an error) every later query on it
 * would queue behind that answer. This client ends the connection instead (pg's end() destroys
 * the socket of a busy client), so the pool drops it and opens a fresh one.
 */
class ReadTimeoutDroppingClient extends Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; all pass through
  override query(...args: any[]): any {
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        this.dropAfterReadTimeout(err);
        last(err, res);
      };
      return super.query(...(args as Parameters<Client["query"]>));
    }
    const result: unknown = super.query(...(args as Parameters<Client["query"]>));
    if (result instanceof Promise) result.catch((err: unknown) => this.dropAfterReadTimeout(err));
    return result;
  }

  private dropAfterReadTimeout(err: unknown) {
    if (isReadTimeout(err)) this.end().catch(() => {});
  }
}

const pools = new WeakMap<object, Pool>();

/**
 * A PrismaClient on the pure-JS pg driver: Prisma 7 needs no native query engine this way.
 * Nothing connects until the first query; call `$disconnect()` to release the pool.
 */
export function createDb(databaseUrl: string, opts: CreateDbOptions = {}): Db {
  const { poolSize } = opts;
  if (poolSize !== undefined && !(Number.isInteger(poolSize) && poolSize > 0)) {
    throw new RangeError(`poolSize must be a positive integer, got ${poolSize}`);
  }
  const t = { ...DEFAULT_PG_TIMEOUTS, ...opts.timeouts };
  const pool = new Pool({
    connectionString: databaseUrl,
    ...(poolSize ? { max: poolSize } : {}),
    Client: ReadTimeoutDroppingClient,
    // pg treats 0 as "no limit" for each of these, as our variables do
    connectionTimeoutMillis: t.connectTimeoutMs,
    statement_timeout: t.statementTimeoutMs,
    query_timeout: t.queryTimeoutMs,
    idle_in_transaction_session_timeout: t.idleInTransactionTimeoutMs,
  });
  // An idle client's connection ended by the server (a restart, pg_terminate_backend, a dropped
  // database) is an 'error' on the pool, after pg-pool has already removed the client: the next
  // query opens a new one. Without a listener that event ends the process; Prisma adds one only
  // once it connects, and a process whose statements all run on the pool never does.
  pool.on("error", () => {});
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  // Prisma disposes the pool (disposeExternalPool) only if it connected: statements run on the pool
  // itself (sqlOf, inSqlTransaction) do not connect it, and a client that ran only those would
  // keep its connections open past $disconnect(). It ends the pool in either case.
  const disconnect = db.$disconnect.bind(db);
  db.$disconnect = async () => {
    await disconnect();
    if (!pool.ending && !pool.ended) await pool.end();
  };
  return db;
}

/**
 * The pg pool under a client made by createDb (not a transaction client, not a pool that has been
 * ended), for the few hot statements that skip Prisma's per-query work.
 */
export function pgPoolOf(db: unknown): Pool | undefined {
  const pool = typeof db === "object" && db !== null ? pools.get(db) : undefined;
  return pool && !pool.ending && !pool.ended ? pool : undefined;
}
