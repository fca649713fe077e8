// Integration: the transparency log's routes on real PostgreSQL and Redis, over a log written as
// the sequencer writes it (appendToLog). Each route: the happy path, what it refuses, and who may
// call it (anyone; with TLOG_PUBLIC=false, a key that may read contexts); the checkpoint under a
// witness policy, with its cosignatures.
import {
  buildTile,
  decodeEntryBundle,
  formatCheckpoint,
  generateNoteKey,
  MemoryTree,
  newTiles,
  noteSigner,
  openCheckpoint,
  parseSignedNote,
  parseVerifierKey,
  SIGNATURE_TYPE,
  signNote,
  tileHashes,
  treeHash,
  witnessPolicy,
} from "@ctxlog/core";
import {
  appendToLog,
  ENTRIES_LEVEL,
  publishLogVerifierKey,
  readCheckpointAt,
  recordWitnessPolicy,
  type StoredTile,
  storeCosignature,
} from "@ctxlog/db";
import { seedContexts } from "@ctxlog/db/testing";
import supertest from "supertest";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

const ORIGIN = "example.test/tlog";
const key = generateNoteKey(ORIGIN);
const SIGNER = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

let h: TestHarness;
let owner: Tenant;
const tree = new MemoryTree();
const entries: Uint8Array[] = [];

/** Appends what is queued as the sequencer does, from a whole tree kept here. */
async function sequence(harness: TestHarness, memory: MemoryTree, kept: Uint8Array[]) {
  await appendToLog(harness.db, {
    limit: 10_000,
    tilesNeeded: () => [],
    grow: (input) => {
      for (const e of input.entries) {
        memory.append(e.entryHash);
        kept.push(e.entryHash);
      }
      const tiles: StoredTile[] = newTiles(input.oldSize, memory.size).map((t) => ({
        level: t.level,
        index: t.index,
        hashes: buildTile(t, memory.hashAt),
      }));
      for (const t of tiles.filter((x) => x.level === 0)) {
        const start = t.index * 256;
        tiles.push({
          level: ENTRIES_LEVEL,
          index: t.index,
          hashes: Buffer.concat(kept.slice(start, start + t.hashes.length / 32)),
        });
      }
      const text = formatCheckpoint({
        origin: ORIGIN,
        size: memory.size,
        rootHash: treeHash(memory.size, memory.hashAt),
        extensions: [],
      });
      return { tiles, note: signNote(text, [noteSigner(key.signerKey)]) };
    },
  });
}

beforeAll(async () => {
  h = await createTestHarness();
  owner = await h.tenant();
}, 60_000);
afterAll(() => h?.close());

/** A tile's bytes come as a Buffer; the checkpoint and key as text (res.text). */
const get = (path: string, headers: Record<string, string> = {}) =>
  path.startsWith("tile/")
    ? h.request
        .get(`/v1/tlog/${path}`)
        .set(headers)
        .buffer(true)
        .parse(binaryParser as never)
    : h.request.get(`/v1/tlog/${path}`).set(headers);

/** Bytes as they came, but an error body as its JSON (as every other route's). */
function binaryParser(
  res: NodeJS.ReadableStream & { headers: Record<string, string | undefined> },
  done: (err: Error | null, body: unknown) => void,
) {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => {
    const body = Buffer.concat(chunks);
    done(null, /json/.test(res.headers["content-type"] ?? "") ? JSON.parse(body.toString()) : body);
  });
}

describe("the transparency log's routes", () => {
  it("404 before anything is logged", async () => {
    for (const path of ["checkpoint", "key", "tile/0/000.p/1", "tile/entries/000.p/1"]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
  });

  it("serves the checkpoint, the key and the tiles, to anyone, with their caching", async () => {
    await publishLogVerifierKey(h.db, key.verifierKey);
    await seedContexts(
      h.db,
      { userId: owner.userId, apiKeyId: owner.keyIds.full, keyFamilyId: "fam" },
      {
        count: 260,
        signerPrivateKey: SIGNER,
      },
    );
    await sequence(h, tree, entries);

    const keyRes = await get("key");
    expect(keyRes.status).toBe(200);
    expect(keyRes.text).toBe(`${key.verifierKey}\n`);

    const cp = await get("checkpoint");
    expect(cp.status).toBe(200);
    expect(cp.headers["content-type"]).toMatch(/^text\/plain/);
    expect(cp.headers["cache-control"]).toBe("public, max-age=1");
    const opened = openCheckpoint(cp.text, {
      origin: ORIGIN,
      key: parseVerifierKey(key.verifierKey),
    });
    expect(opened.checkpoint.size).toBe(260);

    const full = await get("tile/0/000");
    expect(full.status).toBe(200);
    expect(full.headers["content-type"]).toBe("application/octet-stream");
    expect(full.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(full.body)).toEqual(
      Buffer.from(buildTile({ level: 0, index: 0, width: 256 }, tree.hashAt)),
    );

    const partial = await get("tile/0/001.p/4");
    expect(partial.status).toBe(200);
    expect(partial.headers["cache-control"]).toBe("public, max-age=10");
    expect(tileHashes({ level: 0, index: 1, width: 4 }, partial.body)).toHaveLength(4);
    // an older, narrower partial tile: the first W hashes
    const older = await get("tile/0/001.p/2");
    expect(Buffer.from(older.body)).toEqual(Buffer.from(partial.body).subarray(0, 64));
    const level1 = await get("tile/1/000.p/1");
    expect(Buffer.from(level1.body)).toEqual(Buffer.from(tree.hashAt(8, 0)));

    const bundle = await get("tile/entries/001.p/4");
    expect(bundle.status).toBe(200);
    expect(decodeEntryBundle(bundle.body, { width: 4, entrySize: 32 }).map((e) => Buffer.from(e))).toEqual(
      entries.slice(256).map((e) => Buffer.from(e)),
    );
    const fullBundle = await get("tile/entries/000");
    expect(fullBundle.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("404 for a tile beyond the tree, a full tile still partial, and paths that name no tile", async () => {
    for (const path of [
      "tile/0/001", // partial at 260
      "tile/0/001.p/5", // wider than the tree has
      "tile/0/002.p/1",
      "tile/1/000", // one level-8 node so far
      "tile/2/000.p/1",
      "tile/entries/001.p/5",
      "tile/0/x000/001", // not the one form of the index
      "tile/0/01",
      "tile/0/000.p/256",
      "tile/0/000.p/0",
      "tile/entries",
      "tile/64/000",
      "tile/0/-1",
    ]) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  it("takes any credential or none when public; behind a key that reads contexts, or the console's session, with TLOG_PUBLIC=false", async () => {
    expect((await get("checkpoint", bearer(owner.keys.public))).status).toBe(200);
    expect((await get("checkpoint", { Authorization: "Bearer sk_not_a_key" })).status).toBe(200);

    const closed = await createTestHarness({ TLOG_PUBLIC: "false" });
    try {
      const someone = await closed.tenant();
      // the console's own session reads it too (its audit's entries_in_log)
      const dashboard = await closed.session(someone.userId);
      // not through the document's validator: the document describes the routes as served by default (public)
      const closedGet = (path: string, headers: Record<string, string> = {}) =>
        supertest(closed.app).get(`/v1/tlog/${path}`).set(headers);
      for (const path of ["checkpoint", "key", "tile/0/000.p/1"]) {
        const res = await closedGet(path);
        expect([path, res.status, res.body.error?.code]).toEqual([path, 401, "INVALID_API_KEY"]);
        // a key that may read contexts passes authentication: the empty log answers 404
        expect((await closedGet(path, bearer(someone.keys.read_only))).status).toBe(404);
        expect((await closedGet(path, { Cookie: dashboard.cookie })).status).toBe(404);
      }
    } finally {
      await closed.close();
    }
  }, 60_000);

  it("serves the newest checkpoint the witness policy's k witnesses cosigned, with every cosignature line", async () => {
    const witness = generateNoteKey("w1.example", SIGNATURE_TYPE.cosignatureV1);
    const wkey = parseVerifierKey(witness.verifierKey);
    const policy = witnessPolicy(1, [witness.verifierKey]);
    const log = { origin: ORIGIN, key: parseVerifierKey(key.verifierKey) };
    await recordWitnessPolicy(h.db, {
      threshold: 1,
      witnesses: [{ name: wkey.name, keyId: wkey.keyId, verifierKey: witness.verifierKey }],
    });
    // 1 of 1 and nothing cosigned yet: nothing is published
    expect((await get("checkpoint")).status).toBe(404);

    /** The witness's cosignature of the stored checkpoint of `size`, stored as the chain worker stores it. */
    const cosign = async (size: number) => {
      const stored = await readCheckpointAt(h.db, size);
      const text = parseSignedNote(stored?.note ?? "").text;
      const [line] = parseSignedNote(signNote(text, [noteSigner(witness.signerKey)])).signatures;
      await storeCosignature(h.db, {
        size,
        witness: wkey.name,
        keyId: wkey.keyId,
        signature: line?.signature ?? new Uint8Array(),
      });
    };
    await cosign(260);
    const cp = await get("checkpoint");
    expect(cp.status).toBe(200);
    const opened = openCheckpoint(cp.text, log, policy);
    expect(opened.checkpoint.size).toBe(260);
    expect(opened.witnesses).toMatchObject({ satisfied: true, cosignedBy: ["w1.example"] });
    expect(parseSignedNote(cp.text).signatures.map((s) => s.name)).toEqual([ORIGIN, "w1.example"]);

    // the log grows: the served checkpoint waits for the witness's cosignature of the new one
    await seedContexts(
      h.db,
      { userId: owner.userId, apiKeyId: owner.keyIds.full, keyFamilyId: "fam" },
      { count: 3, signerPrivateKey: SIGNER },
    );
    await sequence(h, tree, entries);
    expect(openCheckpoint((await get("checkpoint")).text, log, policy).checkpoint.size).toBe(260);
    await cosign(263);
    const next = openCheckpoint((await get("checkpoint")).text, log, policy);
    expect([next.checkpoint.size, next.witnesses?.satisfied]).toEqual([263, true]);
  });
});
