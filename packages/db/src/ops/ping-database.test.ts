// Integration: real PostgreSQL, and a port where none listens.
import { createDb } from "../client";
import { createTestDatabase, type TestDatabase } from "../testing";
import { pingDatabase } from "./ping-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_db_ping");
});
afterAll(() => database.drop());

describe("pingDatabase", () => {
  it("resolves while PostgreSQL answers, and rejects with the driver's error when it cannot", async () => {
    await expect(pingDatabase(database.db)).resolves.toBeUndefined();
    const nowhere = createDb("postgresql://root@127.0.0.1:1/none", { poolSize: 1 });
    try {
      await expect(pingDatabase(nowhere)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    } finally {
      await nowhere.$disconnect();
    }
  });
});
