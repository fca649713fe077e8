import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { databaseNameOf, dropDatabase, ensureDatabase, quoteIdentifier, withDatabaseName } from "./database";

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL || "postgresql://root@127.0.0.1:5432/postgres";

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

describe("ensureDatabase / dropDatabase", () => {
  // quotes, capitals and a space: the name must survive identifier quoting exactly
  const name = `ctxlog_test_db "Odd" ${randomBytes(4).toString("hex")}`;
  const url = withDatabaseName(ADMIN_URL, name);

  afterAll(() => dropDatabase(url));

  it("creates a missing database, then leaves it alone", async () => {
    expect(await databaseExists(name)).toBe(false);
    expect(await ensureDatabase(url)).toBe(true);
    expect(await databaseExists(name)).toBe(true);
    expect(await ensureDatabase(url)).toBe(false);
  });

  it("drops it even with a session open, and is a no-op once it is gone", async () => {
    const session = new Client({ connectionString: url });
    session.on("error", () => {}); // the drop terminates this session
    await session.connect();
    await dropDatabase(url);
    expect(await databaseExists(name)).toBe(false);
    await expect(dropDatabase(url)).resolves.toBeUndefined();
    await session.end().catch(() => {});
  });

  it("refuses to drop the server's own databases", async () => {
    await expect(dropDatabase(withDatabaseName(ADMIN_URL, "postgres"))).rejects.toThrow(/refusing/);
    await expect(dropDatabase(withDatabaseName(ADMIN_URL, "template1"))).rejects.toThrow(/refusing/);
  });
});

describe("URL and identifier helpers", () => {
  it("round-trips database names through URLs", () => {
    const url = withDatabaseName("postgresql://u:p%40ss@db.example:5433/old?sslmode=require", "new db");
    expect(databaseNameOf(url)).toBe("new db");
    expect(url).toBe("postgresql://u:p%40ss@db.example:5433/new%20db?sslmode=require");
  });

  it("quotes identifiers and rejects ones PostgreSQL would truncate", () => {
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
    expect(() => quoteIdentifier("x".repeat(64))).toThrow(/longer than 63/);
    expect(() => databaseNameOf("postgresql://127.0.0.1:5432/")).toThrow(/names no database/);
  });
});
