import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import { Client, DatabaseError, type QueryResult } from "pg";
import { dropDatabase, ensureDatabase, withDatabaseName } from "../database";

const CHAR_OID = 18; // the one-byte catalog type "char" (pg_class.relkind, pg_constraint.contype, ...)
const TEXT_OID = 25;

/**
 * adapter-pg 7.10 refuses result columns of type "char", and the schema engine's describer reads
 * catalog columns of that type (cf. prisma/orm#27403). pg has already decoded such values as strings
 * when the result arrives, so relabelling the column as text is all it takes.
 */
class CatalogCharAsTextClient extends Client {}
const baseQuery = Client.prototype.query as (this: Client, ...args: unknown[]) => unknown;
Object.defineProperty(CatalogCharAsTextClient.prototype, "query", {
  value: function query(this: Client, ...args: unknown[]): unknown {
    const last = args.at(-1);
    if (typeof last === "function") {
      // pool.query() calls client.query(text, values, callback)
      args[args.length - 1] = (error: unknown, result: unknown) =>
        (last as (e: unknown, r: unknown) => void)(error, error ? result : relabelCharColumns(result));
      return baseQuery.apply(this, args);
    }
    const out = baseQuery.apply(this, args);
    return isThenable(out) ? out.then(relabelCharColumns) : out;
  },
});

function relabelCharColumns(result: unknown): unknown {
  for (const one of Array.isArray(result) ? result : [result]) {
    for (const field of (one as Partial<QueryResult> | undefined)?.fields ?? []) {
      if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

function isThenable(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/**
 * The driver adapter factory handed to the WASM schema engine. Beyond what PrismaPg does, it
 * - runs a migration script as one simple-protocol query on one connection, so PostgreSQL applies
 *   it atomically as the native engine does (PrismaPg splits on ";" and sends each piece to the pool);
 * - creates the shadow database itself, and drops it when the engine lets it go
 *   (PrismaPg's own shadow pool keeps the connection string's database name, i.e. the main one);
 * - remembers every pool it opened so `dispose()` can close them: the engine's `free()` does not,
 *   and an idle pg pool keeps the process alive for idleTimeoutMillis (10 s).
 */
export class EngineAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres";
  readonly adapterName = "@prisma/adapter-pg";
  /** The first error our own code threw; the engine only reports it as an opaque id. */
  failure: unknown;
  private readonly open = new Set<SqlDriverAdapter>();
  private readonly shadowDatabases = new Set<string>();

  /**
   * @param databaseUrl the database the engine works on
   * @param shadowServerUrl any database URL on the server where shadow databases may be created
   */
  constructor(
    private readonly databaseUrl: string,
    private readonly shadowServerUrl?: string,
  ) {}

  connect(): Promise<SqlDriverAdapter> {
    return this.remember(() => this.open_(this.databaseUrl));
  }

  connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.remember(async () => {
      if (!this.shadowServerUrl)
        throw new Error("this operation was not given a server for a shadow database");
      const url = withDatabaseName(this.shadowServerUrl, `ctxlog_shadow_${randomBytes(6).toString("hex")}`);
      this.shadowDatabases.add(url);
      await ensureDatabase(url);
      const adapter = await this.open_(url);
      const release = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await release();
        if (this.shadowDatabases.delete(url)) await dropDatabase(url);
      };
      return adapter;
    });
  }

  /** Closes every pool still open and drops every shadow database still there. */
  async dispose(): Promise<void> {
    const adapters = [...this.open];
    this.open.clear();
    await Promise.allSettled(adapters.map((adapter) => adapter.dispose()));
    const leftovers = [...this.shadowDatabases];
    this.shadowDatabases.clear();
    for (const url of leftovers) await dropDatabase(url);
  }

  private async remember(connect: () => Promise<SqlDriverAdapter>): Promise<SqlDriverAdapter> {
    try {
      return await connect();
    } catch (error) {
      this.failure ??= error;
      throw error;
    }
  }

  private async open_(url: string): Promise<SqlDriverAdapter> {
    const adapter = await new PrismaPg({ connectionString: url, Client: CatalogCharAsTextClient }).connect();
    const pool = adapter.underlyingDriver();
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch (error) {
        throw toDriverAdapterError(error);
      }
    };
    const release = adapter.dispose.bind(adapter);
    let released: Promise<void> | undefined;
    // idempotent: both the engine and our dispose() may let go of it, and pg throws on a second end()
    adapter.dispose = () => {
      this.open.delete(adapter);
      released ??= release();
      return released;
    };
    this.open.add(adapter);
    return adapter;
  }
}

/** The shape the engine expects for a database error, so its message names the SQL error. */
function toDriverAdapterError(error: unknown): unknown {
  if (!(error instanceof DatabaseError)) return error;
  return new DriverAdapterError({
    kind: "postgres",
    code: error.code ?? "N/A",
    severity: error.severity ?? "N/A",
    message: error.message,
    detail: error.detail,
    column: error.column,
    hint: error.hint,
    originalCode: error.code,
    originalMessage: error.message,
  });
}
