// TreeHeadLogs: an export or a pack reads a tree head's log once per anchored tree size, not once
// per line; entries of batch trees, or of anchors not mined yet, have none; a failed read is not
// kept. The reader here is a function counting its calls (the routes pass logProof over the DB,
// which evidence.test.ts runs against PostgreSQL).
import type { AgentEntry } from "@ctxlog/db";
import type { TransparencyLogProof } from "../contexts/proof-schema";
import { TreeHeadLogs } from "./tree-head-logs";

const entry = (treeSize: number | null, mined = true) =>
  ({
    leafIndex: 0,
    anchor: {
      treeSize: treeSize === null ? null : BigInt(treeSize),
      transactionHash: mined ? `0x${"ab".repeat(32)}` : null,
      blockNumber: mined ? 7n : null,
    },
  }) as unknown as AgentEntry;

const logOf = (size: number) => ({ tree_size: size, anchored_tree_size: size }) as TransparencyLogProof;

it("reads each tree size once, however many lines share it", async () => {
  const reads: number[] = [];
  const logs = new TreeHeadLogs(async (size) => {
    reads.push(size);
    return logOf(size);
  });
  const sizes = [14, 14, 14, 20, 20, 14];
  const got = [];
  for (const size of sizes) got.push((await logs.of(entry(size)))?.tree_size);
  expect(got).toEqual(sizes);
  expect(reads).toEqual([14, 20]);
});

it("gives no log to a batch tree's entry, nor to one whose anchor is not mined", async () => {
  const reads: number[] = [];
  const logs = new TreeHeadLogs(async (size) => {
    reads.push(size);
    return logOf(size);
  });
  expect(await logs.of(entry(null))).toBeUndefined();
  expect(await logs.of(entry(14, false))).toBeUndefined();
  expect(await logs.of({ ...entry(14), anchor: null } as AgentEntry)).toBeUndefined();
  expect(reads).toEqual([]);
});

it("does not keep a failed read: the next line asks again", async () => {
  let calls = 0;
  const logs = new TreeHeadLogs(async (size) => {
    calls++;
    if (calls === 1) throw new Error("no checkpoint yet");
    return logOf(size);
  });
  await expect(logs.of(entry(14))).rejects.toThrow("no checkpoint yet");
  expect((await logs.of(entry(14)))?.tree_size).toBe(14);
  expect(calls).toBe(2);
});

it("keeps the last 16 sizes only: memory stays bounded over a long range", async () => {
  const reads: number[] = [];
  const logs = new TreeHeadLogs(async (size) => {
    reads.push(size);
    return logOf(size);
  });
  for (let size = 1; size <= 17; size++) await logs.of(entry(size));
  await logs.of(entry(17)); // kept
  await logs.of(entry(1)); // the oldest, dropped when 17 came
  expect(reads).toEqual([...Array.from({ length: 17 }, (_, i) => i + 1), 1]);
});
