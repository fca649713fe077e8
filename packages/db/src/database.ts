import { Client } from "pg";

// Databases that exist on every server: connecting to one of them lets us create or drop the
// database a URL names. `postgres` is the usual one; template1 is there even when it was removed.
const MAINTENANCE_DATABASES = ["postgres", "template1"] as const;
const PROTECTED_DATABASES = new Set<string>([...MAINTENANCE_DATABASES, "template0"]);
// PostgreSQL silently truncates longer identifiers, which would create a database with another name.
const MAX_IDENTIFIER_BYTES = 63;

/** The database name in a PostgreSQL URL (`postgresql://user@host:port/<name>`). */
export function databaseNameOf(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ""));
  if (!name) throw new Error("the database URL names no database");
  return name;
}

/** The same server, credentials and parameters, another database. */
export function withDatabaseName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/** A double-quoted SQL identifier: CREATE/DROP DATABASE take no bind parameters. */
export function quoteIdentifier(name: string): string {
  if (name.includes("\0")) throw new Error("identifier contains a NUL character");
  if (Buffer.byteLength(name, "utf8") > MAX_IDENTIFIER_BYTES) {
    throw new Error(`identifier longer than ${MAX_IDENTIFIER_BYTES} bytes: ${name}`);
  }
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Creates the database the URL names unless it exists. Returns whether it created it.
 * Safe against a concurrent creator: "already exists" counts as present.
 */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const name = databaseNameOf(databaseUrl);
  const statement = `CREATE DATABASE ${quoteIdentifier(name)}`;
  return withMaintenanceClient(databaseUrl, async (client) => {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return false;
    try {
      await client.query(statement);
      return true;
    } catch (error) {
      if (pgCode(error) === "42P04") return false; // duplicate_database: someone else won the race
      throw error;
    }
  });
}

/** Drops the database the URL names, closing its other sessions first. No-op when it is absent. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = databaseNameOf(databaseUrl);
  if (PROTECTED_DATABASES.has(name)) throw new Error(`refusing to drop the ${name} database`);
  const statement = `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`;
  await withMaintenanceClient(databaseUrl, (client) => client.query(statement));
}

/** Runs `fn` with a single connection to a maintenance database on the URL's server. */
export async function withMaintenanceClient<T>(
  databaseUrl: string,
  fn: (client: Client) => Promise<T>,
): Promise<T> {
  let lastError: unknown;
  for (const maintenance of MAINTENANCE_DATABASES) {
    const client = new Client({ connectionString: withDatabaseName(databaseUrl, maintenance) });
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => {});
      lastError = error;
      if (pgCode(error) === "3D000") continue; // invalid_catalog_name: try the next one
      throw error;
    }
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }
  throw lastError;
}

export function pgCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
