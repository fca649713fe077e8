// Integration: real PostgreSQL (a fresh database). A verification reads a context's log index and
// RFC 6962 inclusion proof out of the log's tiles before its tree head's anchor is confirmed; they
// must be those core computes from the logged entry hashes.
import { createTestDatabase, expectedLogProof, seedContexts, seedUser, sequenceTestLog } from "../testing";
import { TEST_CONTEXT_SIGNER as SIGNER } from "../testing/anchor-fixtures";
import { readLogPlacement } from "./log-placement";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase("ctxlog_log_placement_test");
});
afterAll(() => database.drop());

it("gives each logged context's index and proof in a tree that holds it, and null beyond or before", async () => {
  const db = database.db;
  const owner = await seedUser(db);
  const ids = await seedContexts(db, owner, { count: 11, signerPrivateKey: SIGNER });
  // not yet sequenced: the log holds none of them
  expect(await readLogPlacement(db, ids[0] as string, 1)).toBeNull();
  const size = await sequenceTestLog(db);
  expect(size).toBe(11);
  for (const treeSize of [1, 6, 11]) {
    for (const id of ids) {
      const placed = await readLogPlacement(db, id, treeSize);
      const index = ids.indexOf(id); // appended in arrival order
      if (index >= treeSize) {
        expect(placed).toBeNull();
        continue;
      }
      const expected = await expectedLogProof(db, id, treeSize);
      expect(placed).toEqual({ leafIndex: expected.leafIndex, merkleProof: expected.proof });
    }
  }
});
