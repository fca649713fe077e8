// Integration: real PostgreSQL. The witnesses' cosignatures and the policy: the published
// checkpoint is the newest one k of the recorded policy's witnesses cosigned (k = 0 or no policy:
// the newest), served with every cosignature collected for it as signature lines.
import { parseSignedNote } from "@ctxlog/core";
import { createTestDatabase, type TestDatabase } from "../testing";
import {
  readCosignatures,
  readLastCosignedSize,
  readPublishedCheckpoint,
  readWitnessPolicy,
  recordWitnessPolicy,
  storeCosignature,
} from "./witness-cosignatures";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_tlog_cosignatures_test");
});
afterAll(() => database.drop());

/** A stand-in note as the log stores it (the formats are core's; signatures are not checked here). */
const note = (size: number) =>
  `example.test/log\n${size}\n${Buffer.alloc(32, size).toString("base64")}\n\n— example.test/log ${Buffer.alloc(68, 1).toString("base64")}\n`;
const w1 = { name: "w1.example", keyId: 0x01020304, verifierKey: "w1.example+01020304+BA==" };
const w2 = { name: "w2.example", keyId: 0xfffffffe, verifierKey: "w2.example+fffffffe+BA==" };
const signature = (byte: number) => new Uint8Array(72).fill(byte);

it("publishes the newest checkpoint k of the policy's witnesses cosigned, with every cosignature", async () => {
  const db = database.db;
  expect(await readPublishedCheckpoint(db)).toBeNull();
  for (const size of [3, 5, 8]) await db.tlogCheckpoint.create({ data: { size, note: note(size) } });

  // no policy recorded (a chain worker from before witnesses): the newest, as it was signed
  expect(await readWitnessPolicy(db)).toBeNull();
  expect(await readPublishedCheckpoint(db)).toMatchObject({ size: 8, note: note(8), cosignatures: [] });

  await recordWitnessPolicy(db, { threshold: 2, witnesses: [w1, w2] });
  expect(await readWitnessPolicy(db)).toEqual({ threshold: 2, witnesses: [w1, w2] });
  expect(await readPublishedCheckpoint(db)).toBeNull();
  expect(await readLastCosignedSize(db, w1)).toBe(0);

  await storeCosignature(db, { size: 3, witness: w1.name, keyId: w1.keyId, signature: signature(1) });
  await storeCosignature(db, { size: 5, witness: w1.name, keyId: w1.keyId, signature: signature(2) });
  await storeCosignature(db, { size: 8, witness: w1.name, keyId: w1.keyId, signature: signature(3) });
  // a witness's key the policy does not name (another key ID under w2's name) does not count
  await storeCosignature(db, { size: 8, witness: w2.name, keyId: 7, signature: signature(4) });
  expect(await readPublishedCheckpoint(db)).toBeNull();
  expect(await readLastCosignedSize(db, w1)).toBe(8);

  await storeCosignature(db, { size: 5, witness: w2.name, keyId: w2.keyId, signature: signature(5) });
  // a second answer for the same size keeps the first
  await storeCosignature(db, { size: 5, witness: w2.name, keyId: w2.keyId, signature: signature(6) });
  const published = await readPublishedCheckpoint(db);
  expect(published?.size).toBe(5);
  expect(published?.cosignatures.map((c) => [c.witness, c.keyId, c.signature[0]])).toEqual([
    [w1.name, w1.keyId, 2],
    [w2.name, w2.keyId, 5],
  ]);
  // the log's note, then one line per cosignature: key name, base64(key ID ‖ signature)
  const parsed = parseSignedNote(published?.note ?? "");
  expect(published?.note.startsWith(note(5))).toBe(true);
  expect(parsed.signatures.map((s) => [s.name, s.keyId, s.signature.length])).toEqual([
    ["example.test/log", 0x01010101, 64],
    [w1.name, w1.keyId, 72],
    [w2.name, w2.keyId, 72],
  ]);

  // 1 of 2: the newest with one; every cosignature collected for it is served, named or not
  await recordWitnessPolicy(db, { threshold: 1, witnesses: [w1, w2] });
  const one = await readPublishedCheckpoint(db);
  expect(one?.size).toBe(8);
  expect(one?.cosignatures.map((c) => [c.witness, c.keyId])).toEqual([
    [w1.name, w1.keyId],
    [w2.name, 7],
  ]);
  expect(await readCosignatures(db, 3)).toHaveLength(1);

  // k = 0 with witnesses: the newest, with what was collected for it
  await recordWitnessPolicy(db, { threshold: 0, witnesses: [w2] });
  await db.tlogCheckpoint.create({ data: { size: 9, note: note(9) } });
  expect(await readPublishedCheckpoint(db)).toMatchObject({ size: 9, note: note(9) });
});
