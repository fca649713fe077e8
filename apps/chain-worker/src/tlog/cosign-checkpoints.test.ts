// The witness loop on real PostgreSQL, the real sequencer and witnesses over real HTTP on loopback:
// an honest witness written with @ctxlog/core (it checks the log's signature and the consistency
// proof against what it last cosigned, and answers 409 with its size otherwise), and witnesses
// that misbehave — a cosignature by another key, a redirect, no answer, 409 forever. Nothing they
// do is stored or stops the log; each failure is counted and backed off. The Go witness on the
// whole stack: test/e2e/tlog/witnessed-log.test.ts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ANVIL_DEV_KEYS } from "@ctxlog/contracts/anvil";
import {
  formatVerifierKey,
  generateNoteKey,
  noteSigner,
  openCheckpoint,
  parseSignerKey,
  parseVerifierKey,
  SIGNATURE_TYPE,
  signNote,
  verifyConsistency,
} from "@ctxlog/core";
import { readCosignatures, readPublishedCheckpoint } from "@ctxlog/db";
import { createTestDatabase, seedContexts, seedUser, type TestDatabase } from "@ctxlog/db/testing";
import pino from "pino";
import { DEVELOPMENT_TLOG_SIGNING_KEY } from "../env";
import { createChainMetrics } from "../metrics";
import { WitnessCosigner } from "./cosign-checkpoints";
import { Sequencer } from "./sequencer";
import { parseWitnessList, type WitnessConfig } from "./witness-config";

const ORIGIN = "localhost/ctxlog-dev-tlog";
const SIGNER = ANVIL_DEV_KEYS[1] as `0x${string}`;
const log = {
  origin: ORIGIN,
  key: parseVerifierKey(formatVerifierKey(parseSignerKey(DEVELOPMENT_TLOG_SIGNING_KEY))),
};
const logger = pino({ level: "silent" });

type Handler = (body: string, res: ServerResponse) => void;
const servers: Server[] = [];

/** A witness on loopback answering with `handler`; its URL and the bodies it was sent. */
async function witnessServer(handler: Handler): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (d) => {
      body += d;
    });
    req.on("end", () => {
      bodies.push(body);
      handler(body, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, bodies };
}

/** tlog-witness as the spec has it, with core: cosigns what is consistent with what it holds. */
function honestWitness(signerKey: string): Handler {
  const held: { size: number; root: Uint8Array } = { size: 0, root: new Uint8Array(32) };
  return (body, res) => {
    const [head = "", note = ""] = [
      body.slice(0, body.indexOf("\n\n") + 1),
      body.slice(body.indexOf("\n\n") + 2),
    ];
    const lines = head.split("\n").filter((l) => l.length > 0);
    const old = Number((lines[0] ?? "").slice(4));
    const proof = lines.slice(1).map((l) => new Uint8Array(Buffer.from(l, "base64")));
    const { checkpoint, note: opened } = openCheckpoint(note, log);
    if (old !== held.size) {
      res.writeHead(409, { "Content-Type": "text/x.tlog.size" }).end(`${held.size}\n`);
      return;
    }
    try {
      verifyConsistency(held.size, checkpoint.size, held.root, checkpoint.rootHash, proof);
    } catch (error) {
      res.writeHead(422).end(String(error));
      return;
    }
    held.size = checkpoint.size;
    held.root = checkpoint.rootHash;
    const cosigned = signNote(opened.text, [noteSigner(signerKey)]);
    res
      .writeHead(200, { "Content-Type": "text/plain" })
      .end(cosigned.slice(cosigned.lastIndexOf("\n\n") + 2));
  };
}

const witnessKey = (name: string) => generateNoteKey(name, SIGNATURE_TYPE.cosignatureV1);
const configOf = (entries: { url: string; verifierKey: string }[]): WitnessConfig[] =>
  parseWitnessList(entries.map((e) => `${e.url}=${e.verifierKey}`).join(","));

let database: TestDatabase;
let owner: { userId: string; apiKeyId: string; keyFamilyId: string };
beforeAll(async () => {
  database = await createTestDatabase("ctxlog_tlog_cosign_test");
  owner = await seedUser(database.db);
});
afterAll(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await database.drop();
});

async function grow(sequencer: Sequencer, count: number): Promise<number> {
  await seedContexts(database.db, owner, { count, signerPrivateKey: SIGNER });
  const { size } = await sequencer.tick();
  return size ?? 0;
}

it("sends each new checkpoint with the proof from the size the witness last cosigned, and stores its verified cosignature", async () => {
  const metrics = createChainMetrics();
  const sequencer = new Sequencer(
    database.db,
    { signingKey: DEVELOPMENT_TLOG_SIGNING_KEY, origin: ORIGIN },
    logger,
    metrics,
  );
  await sequencer.start();
  const key = witnessKey("honest.witness.test");
  const honest = await witnessServer(honestWitness(key.signerKey));
  const witnesses = configOf([{ url: honest.url, verifierKey: key.verifierKey }]);
  const cosigner = new WitnessCosigner(
    database.db,
    { witnesses, threshold: 1, timeoutMs: 5_000 },
    logger,
    metrics,
  );
  await cosigner.start();

  const first = await grow(sequencer, 3);
  await cosigner.round();
  const second = await grow(sequencer, 300); // past a full tile: the proof reads two tile levels
  await cosigner.round();
  await cosigner.round(); // nothing new: nothing sent
  expect(honest.bodies.map((b) => b.split("\n")[0])).toEqual(["old 0", `old ${first}`]);
  expect((await readCosignatures(database.db, first)).map((c) => c.witness)).toEqual(["honest.witness.test"]);
  const published = await readPublishedCheckpoint(database.db);
  expect(published?.size).toBe(second);
  expect(openCheckpoint(published?.note ?? "", log).note.unverified.map((s) => s.name)).toEqual([
    "honest.witness.test",
  ]);
  expect((await metrics.tlogCosignatures.get()).values[0]?.value).toBe(2);
});

it("stores nothing from a witness that signs with another key, redirects, does not answer or keeps answering 409; counts and backs off", async () => {
  const metrics = createChainMetrics();
  const sequencer = new Sequencer(
    database.db,
    { signingKey: DEVELOPMENT_TLOG_SIGNING_KEY, origin: ORIGIN },
    logger,
    metrics,
  );
  const other = witnessKey("impostor.witness.test");
  const keys = ["impostor", "redirect", "silent", "conflict"].map((n) => witnessKey(`${n}.witness.test`));
  const target = await witnessServer(honestWitness((keys[1] as { signerKey: string }).signerKey));
  const servers = [
    await witnessServer(honestWitness(other.signerKey)), // a valid cosignature, by a key it is not configured with
    await witnessServer((_, res) => res.writeHead(302, { Location: target.url }).end()),
    await witnessServer(() => {}), // never answers
    await witnessServer((_, res) => res.writeHead(409, { "Content-Type": "text/x.tlog.size" }).end("1\n")),
  ];
  const witnesses = configOf(
    servers.map((s, i) => ({ url: s.url, verifierKey: (keys[i] as { verifierKey: string }).verifierKey })),
  );
  let now = 1_000_000;
  const cosigner = new WitnessCosigner(
    database.db,
    { witnesses, threshold: 1, timeoutMs: 500 },
    logger,
    metrics,
    () => now,
  );

  const size = await grow(sequencer, 2);
  await cosigner.round();
  expect(await readCosignatures(database.db, size)).toEqual([]);
  expect(target.bodies).toEqual([]); // the redirect was not followed
  // 409 with a size: sent again once from it, then given up
  expect(servers[3]?.bodies.map((b) => b.split("\n")[0])).toEqual([
    expect.stringMatching(/^old \d+$/),
    "old 1",
  ]);
  const failures = async () =>
    (await metrics.tlogWitnessFailures.get()).values
      .map((v) => [v.labels.witness, v.value])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  expect(await failures()).toEqual(
    witnesses.map((w) => [w.name, 1]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );

  // backing off: not tried again within a second, tried again after it; the sequencer never waits
  expect(await grow(sequencer, 1)).toBe(size + 1);
  await cosigner.round();
  expect(servers[0]?.bodies).toHaveLength(1);
  now += 1_001;
  await cosigner.round();
  // (it holds the size it cosigned for another key: 409, then sent again from there)
  expect(servers[0]?.bodies.map((b) => b.split("\n")[0])).toEqual(["old 0", "old 0", `old ${size}`]);
  expect((await failures()).map(([, v]) => v)).toEqual([2, 2, 2, 2]);
});
