// Witnesses contacted by the sequencer (issue 43) on the real stack: the chain worker sends each
// new checkpoint to two Go witnesses (test/e2e/tlog/go-witness, C2SP tlog-witness on Go's
// sumdb/note and sumdb/tlog) under a 2-of-2 policy, and the API serves the newest checkpoint both
// cosigned. Go's note.Open (test/e2e/tlog/go-open) and @ctxlog/core's openCheckpoint verify the
// served note with the witnesses' keys. A witness that is down does not stop sequencing, and the
// served checkpoint waits for it; restarted from an older state, it answers 409 with its size and
// is caught up. Without `go` these tests are skipped with a warning, except in CI.
import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AnvilInstance } from "@ctxlog/contracts/anvil";
import {
  formatVerifierKey,
  generateNoteKey,
  openCheckpoint,
  parseCheckpoint,
  parseSignedNote,
  parseSignerKey,
  parseVerifierKey,
  SIGNATURE_TYPE,
  witnessPolicy,
} from "@ctxlog/core";
import { waitFor } from "@ctxlog/core/testing";
import { createApiKey, readCosignatures, readLatestCheckpoint } from "@ctxlog/db";
import { createTestDatabase, type TestDatabase } from "@ctxlog/db/testing";
import { deleteRedisPrefix, TEST_REDIS_URL } from "@ctxlog/jobs/testing";
import { DEVELOPMENT_TLOG_SIGNING_KEY } from "../../../apps/chain-worker/src/env";
import { callApi, type RunningApps, startApps, startChain } from "../ops/stack";

const ROOT = path.join(__dirname, "..", "..", "..");
const GOPATH = "/usr/share/gocode";
/** the chain worker's development log: TLOG_ORIGIN's default, signed with the development key */
const ORIGIN = "localhost/ctxlog-dev-tlog";
const LOG_KEY = formatVerifierKey(parseSignerKey(DEVELOPMENT_TLOG_SIGNING_KEY));

const hasGo = spawnSync("go", ["version"], { encoding: "utf8" }).status === 0;
if (!hasGo && !process.env.CI) {
  console.warn(
    "\n\n*** SKIPPING the witnessed log tests: `go` is not installed. ***\n" +
      "*** Install it with `apt-get install -y golang-go golang-golang-x-mod-dev` (CI installs them). ***\n\n",
  );
}
const withGo = hasGo || process.env.CI ? it : it.skip;

/** A witness key; the first one's base64 holds a '+' (the key's field separator too), as about half do. */
function witnessKey(name: string, plus: boolean) {
  for (;;) {
    const key = generateNoteKey(name, SIGNATURE_TYPE.cosignatureV1);
    if (!plus || key.verifierKey.split("+").length > 3) return { name, ...key };
  }
}
const w1 = witnessKey("w1.witness.test", true);
const w2 = witnessKey("w2.witness.test", false);
const policy = witnessPolicy(2, [w1.verifierKey, w2.verifierKey]);
const log = { origin: ORIGIN, key: parseVerifierKey(LOG_KEY) };

let work = "";
let anvil: AnvilInstance | undefined;
let database: TestDatabase | undefined;
let apps: RunningApps | undefined;
const prefix = `ctxlog-test-${randomBytes(6).toString("hex")}`;
const children: ChildProcess[] = [];
let apiKey = "";
let w2Process: ChildProcess | undefined;
let w2Address = "";

afterAll(async () => {
  await apps?.stop();
  for (const c of children) c.kill();
  await deleteRedisPrefix(prefix);
  await database?.drop();
  await anvil?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

const bin = (name: string) => path.join(work, name);
const state = (name: string) => path.join(work, `${name}-state.json`);

function goBuild(output: string, pkg: string) {
  const build = spawnSync("go", ["build", "-o", output, pkg], {
    cwd: ROOT,
    encoding: "utf8",
    // GOFLAGS cleared: a -mod flag from the environment would make GOPATH mode refuse to build
    env: {
      ...process.env,
      GO111MODULE: "off",
      GOPATH,
      GOFLAGS: "",
      GOCACHE: path.join(tmpdir(), "ctxlog-go-build-cache"),
    },
  });
  expect(build.stderr).toBe("");
}

/** Starts a witness of the development log; its address (host:port) once it listens. */
async function startWitness(
  signerKey: string,
  stateFile: string,
  listen = "127.0.0.1:0",
): Promise<{ child: ChildProcess; address: string }> {
  const child = spawn(
    bin("witness"),
    ["-log", `${ORIGIN}=${LOG_KEY}`, "-state", stateFile, "-listen", listen],
    {
      env: { ...process.env, WITNESS_SIGNER_KEY: signerKey },
    },
  );
  children.push(child);
  let out = "";
  let err = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    err += d;
  });
  const address = await waitFor(() => /listening http:\/\/(\S+)/.exec(out)?.[1], {
    timeout: 20_000,
    what: () => `the witness to listen (stderr: ${err})`,
  });
  return { child, address };
}

/** Stops a witness and waits for it to have exited (its port free again). */
async function stopWitness(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill();
  await exited;
}

async function logContexts(count: number, agent: string) {
  if (!apps) throw new Error("the stack is not running");
  const res = await callApi(apps, apiKey, "POST", "/v1/contexts/batch", {
    contexts: Array.from({ length: count }, (_, n) => ({ agent_id: agent, context_data: { n, agent } })),
  });
  expect(res.status).toBe(202);
}

async function served(): Promise<{ note: string; size: number } | null> {
  const res = await fetch(`${apps?.apiUrl}/v1/tlog/checkpoint`);
  if (res.status !== 200) return null;
  const note = await res.text();
  return { note, size: parseCheckpoint(parseSignedNote(note).text).size };
}

/** The served checkpoint once its tree has at least `size` leaves. */
const servedCovering = (size: number) =>
  waitFor(
    async () => {
      const cp = await served();
      return cp && cp.size >= size ? cp : false;
    },
    { timeout: 60_000, interval: 100, what: `a served checkpoint covering ${size} entries` },
  );

function goOpen(note: string, keys: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = path.join(work, `note-${randomBytes(4).toString("hex")}`);
  writeFileSync(file, note);
  return new Promise((resolve) => {
    execFile(
      bin("tlogopen"),
      [file, ...keys],
      { encoding: "utf8", timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

async function metric(name: string, witness: string): Promise<number> {
  const text = await (await fetch(apps?.metricsUrls.chainWorker ?? "")).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name}{witness="${witness}"}`));
  return line ? Number(line.split(" ").pop()) : 0;
}

describe("witnesses contacted by the sequencer (C2SP tlog-witness)", () => {
  let firstSize = 0;
  let beforeDown = 0;

  withGo(
    "serves the checkpoint both witnesses cosigned; Go's note.Open and core's openCheckpoint verify it with their keys",
    async () => {
      work = mkdtempSync(path.join(tmpdir(), "ctxlog-tlog-witnessed-"));
      goBuild(bin("witness"), "./test/e2e/tlog/go-witness");
      goBuild(bin("tlogopen"), "./test/e2e/tlog/go-open");
      const first = await startWitness(w1.signerKey, state("w1"));
      const second = await startWitness(w2.signerKey, state("w2"));
      w2Process = second.child;
      w2Address = second.address;

      const chain = await startChain();
      anvil = chain.anvil;
      database = await createTestDatabase("ctxlog_tlog_witnessed_test");
      apps = await startApps({
        databaseUrl: database.url,
        redisUrl: TEST_REDIS_URL,
        redisPrefix: prefix,
        rpcUrl: anvil.rpcUrl,
        chainId: anvil.chainId,
        registryAddress: chain.registryAddress,
        chainWorkerEnv: {
          TLOG_WITNESSES: `http://${first.address}/=${w1.verifierKey},http://${second.address}=${w2.verifierKey}`,
          TLOG_WITNESS_THRESHOLD: "2",
          TLOG_CHECKPOINT_INTERVAL_MS: "200",
        },
      });
      apiKey = (await createApiKey(database.db, { userId: "tlog-witnessed", type: "full" })).key;

      await logContexts(5, "agent-a");
      const cp = await servedCovering(5);
      firstSize = cp.size;
      const opened = openCheckpoint(cp.note, log, policy);
      expect(opened.witnesses).toMatchObject({ satisfied: true, cosignedBy: [w1.name, w2.name] });
      expect(parseSignedNote(cp.note).signatures.map((s) => s.name)).toEqual([ORIGIN, w1.name, w2.name]);

      const go = await goOpen(cp.note, [LOG_KEY, w1.verifierKey, w2.verifierKey]);
      expect(go.stderr).toBe("");
      expect(go.code).toBe(0);
      expect(go.stdout.trim().split("\n").sort()).toEqual(
        [`verified ${ORIGIN}`, `verified ${w1.name}`, `verified ${w2.name}`].sort(),
      );
      // a cosignature changed by one byte is refused by note.Open (the witness's key is given)
      const lines = cp.note.split("\n");
      const i = lines.findIndex((l) => l.startsWith(`— ${w1.name} `));
      const sig = Buffer.from((lines[i] as string).split(" ").pop() as string, "base64");
      sig[sig.length - 1] = (sig[sig.length - 1] as number) ^ 1;
      lines[i] = `— ${w1.name} ${sig.toString("base64")}`;
      const refused = await goOpen(lines.join("\n"), [LOG_KEY, w1.verifierKey, w2.verifierKey]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/note.Open/);

      // the second witness's state at this size, for its restart from an older state below
      copyFileSync(state("w2"), state("w2-older"));
      expect(await metric("tlog_cosignatures_total", w2.name)).toBeGreaterThanOrEqual(1);
    },
    180_000,
  );

  withGo(
    "a witness that is down does not stop sequencing; with k = 2 the served checkpoint waits for it",
    async () => {
      await logContexts(5, "agent-b");
      beforeDown = (await servedCovering(firstSize + 5)).size;
      await stopWitness(w2Process as ChildProcess);

      await logContexts(5, "agent-c");
      const db = (database as TestDatabase).db;
      // the sequencer goes on, and the witness that is up cosigns the new checkpoint
      const latest = await waitFor(
        async () => {
          const cp = await readLatestCheckpoint(db);
          if (!cp || cp.size < beforeDown + 5) return false;
          const cosigned = await readCosignatures(db, cp.size);
          return cosigned.some((c) => c.witness === w1.name) ? cp : false;
        },
        {
          timeout: 60_000,
          interval: 100,
          what: "a checkpoint after the witness went down, cosigned by the other",
        },
      );
      expect((await readCosignatures(db, latest.size)).map((c) => c.witness)).toEqual([w1.name]);
      expect((await served())?.size).toBe(beforeDown);
      await waitFor(async () => (await metric("tlog_witness_failures_total", w2.name)) >= 1, {
        timeout: 20_000,
        what: "the down witness's failure counted",
      });
    },
    120_000,
  );

  withGo(
    "a witness restarted from an older state answers 409 with its size and is caught up; the served checkpoint moves on",
    async () => {
      copyFileSync(state("w2-older"), state("w2"));
      expect(JSON.parse(readFileSync(state("w2"), "utf8"))[ORIGIN].Size).toBe(firstSize);
      const restarted = await startWitness(w2.signerKey, state("w2"), w2Address);
      expect(restarted.address).toBe(w2Address);

      const latest = await readLatestCheckpoint((database as TestDatabase).db);
      const cp = await servedCovering(latest?.size ?? Number.MAX_SAFE_INTEGER);
      expect(cp.size).toBeGreaterThan(beforeDown);
      expect(openCheckpoint(cp.note, log, policy).witnesses).toMatchObject({ satisfied: true });
      // the witness took the proof from the size it held (firstSize), not the one the log believed
      expect(JSON.parse(readFileSync(state("w2"), "utf8"))[ORIGIN].Size).toBe(cp.size);
      const go = await goOpen(cp.note, [LOG_KEY, w1.verifierKey, w2.verifierKey]);
      expect([go.code, go.stderr]).toEqual([0, ""]);
    },
    120_000,
  );
});
