// followLog and checkLog against logs held in memory and served on loopback (testing/tlog-server):
// a growing log is followed, a fork under the same key is a split view with both notes, and what
// cannot be read or does not verify is reported as such, never as consistent.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateNoteKey, openCheckpoint, parseVerifierKey } from "@ctxlog/tlog";
import { startTestLogServer, type TestLogServer, testEntry } from "../testing/tlog-server";
import { checkLog } from "./check-log";
import { followLog, logIdentity, type MonitorRound } from "./follow-log";
import { LogUnreadableError } from "./read-log";

const ORIGIN = "monitor.test/log";
const key = generateNoteKey(ORIGIN);
const log = logIdentity({ verifierKey: key.verifierKey });
const entries = (label: string, from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => testEntry(`${label} ${from + i}`));

let dir = "";
const servers: TestLogServer[] = [];
const serve = async () => {
  const server = await startTestLogServer(key.signerKey, ORIGIN);
  servers.push(server);
  return server;
};
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "ctxlog-monitor-"));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

const once = (url: string, state: string, extra: object = {}) =>
  followLog({ url, verifierKey: key.verifierKey, stateFile: state, once: true, ...extra });

describe("followLog", () => {
  it("trusts the first checkpoint, then proves each one consistent, across restarts (state file)", async () => {
    const server = await serve();
    const state = path.join(dir, "growing.json");
    server.append(entries("a", 0, 5));
    server.publish();
    expect((await once(server.url, state))?.kind).toBe("first");

    // past a full tile (256) and a level-1 tile, so the proof reads partial and full tiles
    server.append(entries("a", 5, 700));
    server.publish();
    const grown = await once(server.url, state);
    expect(grown).toMatchObject({ kind: "consistent", previous: { size: 5 }, checkpoint: { size: 700 } });
    expect(server.requests.some((p) => p.startsWith("tile/1/"))).toBe(true);

    expect(await once(server.url, state)).toMatchObject({ kind: "unchanged", checkpoint: { size: 700 } });
    const held = JSON.parse(readFileSync(state, "utf8"));
    expect(held).toMatchObject({ version: 1, origin: ORIGIN, verifier_key: key.verifierKey });
    expect(openCheckpoint(held.checkpoint, log).checkpoint.size).toBe(700);
  });

  it("reports an older checkpoint proven a prefix of the held one as stale (the held one stays), and one that is not as a split view", async () => {
    const server = await serve();
    const state = path.join(dir, "stale.json");
    server.append(entries("s", 0, 9));
    const old = server.publish();
    server.append(entries("s", 9, 30));
    server.publish();
    await once(server.url, state);
    server.serve(old);
    expect(await once(server.url, state)).toMatchObject({
      kind: "stale",
      served: { size: 9 },
      held: { size: 30 },
    });
    expect(openCheckpoint(JSON.parse(readFileSync(state, "utf8")).checkpoint, log).checkpoint.size).toBe(30);

    // an older checkpoint of another tree, next to the held tree's tiles: not a prefix, a split view
    const other = await serve();
    other.append(entries("other", 0, 9));
    server.serve(other.publish());
    expect(await once(server.url, state)).toMatchObject({
      kind: "split_view",
      reason: expect.stringMatching(/^the tree of size 9 is not a prefix of the tree of size 30/),
      served: { size: 9 },
      held: { size: 30 },
    });
  });

  it("catches a fork under the same key as a split view, with both signed notes as evidence", async () => {
    const honest = await serve();
    const fork = await serve();
    const state = path.join(dir, "fork.json");
    honest.append(entries("shared", 0, 6));
    fork.append(entries("shared", 0, 6));
    honest.append(entries("honest", 6, 12));
    fork.append(entries("forked", 6, 20));
    const heldNote = honest.publish();
    const forkNote = fork.publish();
    await once(honest.url, state);

    const round = await once(fork.url, state);
    expect(round).toMatchObject({
      kind: "split_view",
      held: { size: 12, note: heldNote },
      served: { size: 20, note: forkNote },
    });
    // the evidence stands on its own: both notes open with the log's key
    for (const note of [heldNote, forkNote]) expect(() => openCheckpoint(note, log)).not.toThrow();
    // the split view is not taken as the new state
    expect(JSON.parse(readFileSync(state, "utf8")).checkpoint).toBe(heldNote);
  });

  it("catches two roots for one size as a split view", async () => {
    const a = await serve();
    const b = await serve();
    a.append(entries("a", 0, 4));
    b.append(entries("b", 0, 4));
    const held = a.publish();
    b.publish();
    expect(await checkLog({ url: b.url }, log, held)).toMatchObject({
      kind: "split_view",
      reason: "two roots for the tree of size 4",
    });
  });

  it("reports a log it cannot read, a note not signed by the key, and tiles that do not hash to the root", async () => {
    const server = await serve();
    server.append(entries("u", 0, 10));
    const held = server.publish();
    server.append(entries("u", 10, 20));
    server.publish();

    server.failWith(503);
    await expect(checkLog({ url: server.url }, log, held)).rejects.toThrow(/HTTP 503/);
    server.failWith(null);

    const other = generateNoteKey(ORIGIN);
    const impostor = await startTestLogServer(other.signerKey, ORIGIN);
    servers.push(impostor);
    impostor.append(entries("u", 0, 20));
    server.serve(impostor.publish());
    await expect(checkLog({ url: server.url }, log, held)).rejects.toThrow(
      /does not open with the log's key/,
    );

    // the log's own signed checkpoint, served next to another tree's tiles: not provable either way
    const liar = await serve();
    liar.append(entries("liar", 0, 20));
    liar.serve(server.publish());
    const error = await checkLog({ url: liar.url }, log, held).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LogUnreadableError);
    expect((error as Error).message).toMatch(/tiles do not hash to the root/);
  });

  it("refuses a checkpoint over the note size limit while reading it, and times out", async () => {
    const server = await serve();
    server.serve("x".repeat(70 * 1024));
    await expect(checkLog({ url: server.url }, log, null)).rejects.toThrow(
      /over the limit|more than the limit/,
    );

    // chunked, no Content-Length: refused while it is read
    const endless = createServer((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, "x");
      const write = () => {
        while (res.write(chunk));
        res.once("drain", write);
      };
      write();
    });
    await new Promise<void>((resolve) => endless.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}`;
      await expect(checkLog({ url }, log, null)).rejects.toThrow(/more than the limit of 65536 bytes/);
    } finally {
      endless.closeAllConnections();
      endless.close();
    }

    const silent = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      await expect(checkLog({ url, timeoutMs: 200 }, log, null)).rejects.toThrow(/timed out/);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it("keeps going past an unreadable log until stopped, reporting every round", async () => {
    const server = await serve();
    server.append(entries("f", 0, 3));
    server.publish();
    server.failWith(502);
    const rounds: MonitorRound["kind"][] = [];
    const stop = new AbortController();
    const last = await followLog({
      url: server.url,
      verifierKey: key.verifierKey,
      intervalMs: 1,
      signal: stop.signal,
      onCheck: (round) => {
        rounds.push(round.kind);
        if (rounds.length === 2) server.failWith(null);
        if (rounds.length === 3) stop.abort();
      },
    });
    expect(rounds).toEqual(["unreadable", "unreadable", "first"]);
    expect(last?.kind).toBe("first");
  });

  it("refuses a state file of another log or key, or one whose checkpoint does not open", async () => {
    const server = await serve();
    server.append(entries("k", 0, 2));
    server.publish();
    const state = path.join(dir, "other.json");
    writeFileSync(
      state,
      JSON.stringify({
        version: 1,
        origin: ORIGIN,
        verifier_key: generateNoteKey(ORIGIN).verifierKey,
        checkpoint: "",
      }),
    );
    await expect(once(server.url, state)).rejects.toThrow(/state of another log/);
    writeFileSync(
      state,
      JSON.stringify({ version: 1, origin: ORIGIN, verifier_key: key.verifierKey, checkpoint: "forged\n" }),
    );
    await expect(once(server.url, state)).rejects.toThrow(/does not open with the log's key/);
    expect(parseVerifierKey(key.verifierKey).name).toBe(ORIGIN);
  });
});
