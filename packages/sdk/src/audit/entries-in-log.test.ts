// entries_in_log against logs served on loopback (testing/tlog-server): the entries of an anchored
// tree head pass in the honest log as it grows; a log that dropped, changed or forked away an
// anchored entry fails, and so does one whose checkpoint the log's key did not sign; with no
// tree-head entry or no log URL the check does not run; a log that cannot be read throws.
import { generateNoteKey, treeHash } from "@ctxlog/tlog";
import { bytesToHex } from "viem";
import { startTestLogServer, type TestLogServer, testEntry } from "../testing/tlog-server";
import { LogUnreadableError } from "../tlog/read-log";
import { EntriesInLog, type TreeHeadEntry } from "./entries-in-log";

const ORIGIN = "audit.test/log";
const key = generateNoteKey(ORIGIN);
const servers: TestLogServer[] = [];
const serve = async (signerKey = key.signerKey) => {
  const server = await startTestLogServer(signerKey, ORIGIN);
  servers.push(server);
  return server;
};
afterAll(() => Promise.all(servers.map((s) => s.close())));

const labels = (label: string, from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => testEntry(`${label} ${from + i}`));

/** The line of the entry at `index`, anchored by the tree head of `anchored` leaves of `server`. */
function line(server: TestLogServer, index: number, anchored: number, sequence = index + 1): TreeHeadEntry {
  return {
    sequence,
    entry_hash: bytesToHex(server.entries[index] as Uint8Array),
    leaf_index: index,
    merkle_root: bytesToHex(treeHash(anchored, server.tree.hashAt)),
    log: {
      origin: ORIGIN,
      verifier_key: key.verifierKey,
      tree_size: anchored,
      checkpoint: "",
      anchored_tree_size: anchored,
      consistency_proof: [],
    },
  };
}

async function check(url: string | undefined, lines: TreeHeadEntry[], verifierKey?: string) {
  const inLog = new EntriesInLog({ url, verifierKey });
  for (const l of lines) await inLog.add(l);
  return inLog.result();
}

describe("entries_in_log", () => {
  it("passes for the entries of anchored tree heads, in the log as it has grown since, past full tiles", async () => {
    const server = await serve();
    server.append(labels("e", 0, 300));
    const lines = [5, 255, 256, 299].map((i) => line(server, i, 300));
    server.append(labels("e", 300, 700));
    lines.push(line(server, 650, 700));
    server.publish();
    const result = await check(server.url, lines);
    expect(result).toMatchObject({ name: "entries_in_log", status: "passed" });
    expect(result.reason).toBe(
      `5 entries at their log indexes, 2 anchored tree heads consistent with the log's checkpoint of 700 leaves (${ORIGIN}, signed by ${ORIGIN}, the entries' log key)`,
    );
    // the entries were read from their bundles: the partial one at the end too
    expect(server.requests).toEqual(expect.arrayContaining(["tile/entries/000", "tile/entries/002.p/188"]));
  });

  it("reads the checkpoint again for a tree head anchored after it was read, proven its successor", async () => {
    const server = await serve();
    server.append(labels("g", 0, 40));
    server.publish();
    const inLog = new EntriesInLog({ url: server.url });
    await inLog.add(line(server, 7, 40));
    server.append(labels("g", 40, 90));
    server.publish();
    await inLog.add(line(server, 60, 90));
    expect(inLog.result()).toMatchObject({
      status: "passed",
      reason: expect.stringMatching(
        /^2 entries at their log indexes, 2 anchored tree heads consistent with the log's checkpoint of 90 leaves/,
      ),
    });
    expect(server.requests.filter((p) => p === "checkpoint")).toHaveLength(2);
  });

  it("fails for a log that changed an anchored entry, forked away from an anchored tree head, or dropped it", async () => {
    const honest = await serve();
    honest.append(labels("e", 0, 300));
    const lines = [10, 120, 200].map((i) => line(honest, i, 300));
    honest.publish();

    // the entry bundle no longer holds entry 120's hash (the hashes were left alone)
    const changed = await serve();
    changed.append(labels("e", 0, 300));
    changed.entries[120] = testEntry("another 120");
    changed.publish();
    const atIndex = await check(changed.url, lines);
    expect(atIndex.status).toBe("failed");
    expect(atIndex.reason).toMatch(
      /^entry 121: the log holds 0x[0-9a-f]{64} at index 120, not its entry hash/,
    );
    expect(atIndex.reason).toMatch(
      /\(before it: 1 entries at their log indexes, 1 anchored tree heads consistent\)$/,
    );

    // the same key signs another history from leaf 150 on: the anchored tree head is not a prefix
    const fork = await serve();
    fork.append(labels("e", 0, 150));
    fork.append(labels("fork", 150, 400));
    fork.publish();
    const forked = await check(fork.url, lines);
    expect(forked.status).toBe("failed");
    expect(forked.reason).toMatch(
      /^entry 11: the tree head of 300 leaves anchored with root 0x[0-9a-f]{64} is not a prefix of the log's checkpoint of 400 leaves/,
    );

    // the log was cut back below the anchored tree head (a checkpoint of 250 leaves)
    const cut = await serve();
    cut.append(labels("e", 0, 250));
    cut.publish();
    const dropped = await check(cut.url, lines);
    expect(dropped).toMatchObject({ status: "failed" });
    expect(dropped.reason).toMatch(
      /^entry 11: its tree head of 300 leaves was anchored, the log's checkpoint has 250/,
    );
    // it was read twice: the second read could have been a newer checkpoint
    expect(cut.requests.filter((p) => p === "checkpoint")).toHaveLength(2);
  });

  it("fails for a checkpoint the log's key did not sign, and takes a pinned key over the entries'", async () => {
    const other = generateNoteKey(ORIGIN);
    const impostor = await serve(other.signerKey);
    impostor.append(labels("e", 0, 20));
    impostor.publish();
    const lines = [line(impostor, 3, 20)];
    const result = await check(impostor.url, lines);
    expect(result.status).toBe("failed");
    expect(result.reason).toMatch(/^entry 4: the log's checkpoint does not open with the entries' log key/);
    // the entries say the impostor's key: the pinned key is trusted instead
    const claimed = lines.map((l) => ({ ...l, log: { ...l.log, verifier_key: other.verifierKey } }));
    expect((await check(impostor.url, claimed)).status).toBe("passed");
    const pinned = await check(impostor.url, claimed, key.verifierKey);
    expect(pinned.reason).toMatch(/does not open with the given log key/);
  });

  it("does not run without tree-head entries or a log URL, and throws when the log cannot be read", async () => {
    expect(await check("http://127.0.0.1:9/tlog", [])).toEqual({
      name: "entries_in_log",
      status: "not_run",
      reason: "no entry of the export is anchored by the log's tree head",
    });
    const server = await serve();
    server.append(labels("e", 0, 8));
    server.publish();
    expect(await check(undefined, [line(server, 2, 8)])).toMatchObject({
      status: "not_run",
      reason: expect.stringMatching(
        /^1 entries are anchored by the log's tree head, but there is no log to read/,
      ),
    });
    server.failWith(503);
    await expect(check(server.url, [line(server, 2, 8)])).rejects.toThrow(LogUnreadableError);
    await expect(check("http://127.0.0.1:9/tlog", [line(server, 2, 8)])).rejects.toThrow(LogUnreadableError);
  });
});
