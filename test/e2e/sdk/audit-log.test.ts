// End to end: an agent's log anchored by three of the transparency log's tree heads (issue 43), on
// a real anvil through the real API; the audit proves every version 4 line's leaf at
// its log index and finds each one, and each anchored tree head, in the log the API serves
// (entries_in_log). A log served under the same key that dropped or changed an anchored entry fails
// the check, and the audit is then incomplete; `ctxlog audit` says so by its exit code.

import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { TEST_TLOG_SIGNING_KEY } from "@ctxlog/db/testing";
import { auditAgent, fetchCheckpoint, fetchEntryBundle } from "@ctxlog/sdk";
import {
  formatCheckpoint,
  leafHash,
  noteSigner,
  parseCheckpoint,
  parseSignedNote,
  rootFromInclusionProof,
  signNote,
} from "@ctxlog/tlog";
import { bytesToHex, type Hex, hexToBytes } from "viem";
import { type ChainFixture, startChainFixture } from "../../../apps/api/src/testing/chain-fixture";

const BIN = path.join(__dirname, "..", "..", "..", "packages", "sdk", "bin", "ctxlog.js");

import {
  bearer,
  createTestHarness,
  type Tenant,
  type TestHarness,
} from "../../../apps/api/src/testing/harness";
import { runAudit } from "../../../packages/sdk/src/cli-audit";
import { startTestLogServer, type TestLogServer } from "../../../packages/sdk/src/testing/tlog-server";

const AGENT = "log-audited-agent";
const ORIGIN = "localhost/ctxlog-dev-tlog";
let chain: ChainFixture;
let h: TestHarness;
let t: Tenant;
let api: Server;
let logUrl = "";
/** the export's lines, each tree-head entry's as its version 4 bundle (GET /v1/contexts/:id/proof) */
let lines: string[] = [];
const forks: TestLogServer[] = [];
type V4Line = {
  leaf_index: number;
  merkle_proof: string[];
  log: { tree_size: number; anchored_tree_size: number };
};

const post = async (n: number) => {
  const res = await h.request
    .post("/v1/contexts")
    .set(bearer(t.keys.full))
    .send({ agent_id: AGENT, context_data: { n } });
  if (res.status !== 202) throw new Error(`POST: ${res.status}`);
  return res.body.context_id as string;
};
const posts = (from: number, to: number) =>
  Promise.all(Array.from({ length: to - from }, (_, i) => post(from + i)));

/** The export, with version 4 bundles where the API gives them (until the export writes them). */
async function exportLines(): Promise<string[]> {
  const text = (await h.request.get(`/v1/agents/${AGENT}/export`).set(bearer(t.keys.read_only))).text;
  const out: string[] = [];
  for (const l of text.split("\n").filter(Boolean)) {
    const entry = JSON.parse(l);
    const proof = (
      await h.request.get(`/v1/contexts/${entry.context_id}/proof`).set(bearer(t.keys.read_only))
    ).body;
    out.push(JSON.stringify(proof.version === 4 ? { ...entry, ...proof } : entry));
  }
  return out;
}

/** The entries the API's log holds (one bundle: the test's log is under 256 leaves). */
async function servedEntries(): Promise<Uint8Array[]> {
  const size = parseCheckpoint(parseSignedNote(await fetchCheckpoint({ url: logUrl })).text).size;
  return fetchEntryBundle({ url: logUrl }, { index: 0, width: size }, 32);
}

/** A log under the service's own key, holding `entries`: the log's history as a forger shows it. */
async function forkedLog(entries: Uint8Array[]): Promise<TestLogServer> {
  const fork = await startTestLogServer(TEST_TLOG_SIGNING_KEY, ORIGIN);
  forks.push(fork);
  fork.append(entries);
  fork.publish();
  return fork;
}

beforeAll(async () => {
  chain = await startChainFixture({ confirmations: 3 });
  h = await createTestHarness(chain.env);
  t = await h.tenant();
  // three tree heads (as the chain worker anchors), the log grown between them: 1..5, 6..15 and 16..20
  await chain.anchorContexts(h.db, await posts(0, 5));
  await chain.anchorContexts(h.db, await posts(5, 15));
  await chain.anchorContexts(h.db, await posts(15, 20));
  api = h.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => api.once("listening", resolve));
  logUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1/tlog`;
  lines = await exportLines();
}, 120_000);
afterAll(async () => {
  await Promise.all(forks.map((f) => f.close()));
  await new Promise((resolve) => api?.close(resolve));
  await h?.close();
  await chain?.stop();
});

it("proves every tree-head entry at its log index in the log the API serves, and each anchored tree head a prefix of it", async () => {
  expect(lines.map((l) => JSON.parse(l).version)).toEqual(Array(20).fill(4));
  const result = await auditAgent(lines, { rpcUrl: chain.rpcUrl, logUrl, toSequence: 20 });
  expect(result.first_break).toBeNull();
  expect(result.complete).toBe(true);
  expect(result.checks).toEqual([
    {
      name: "entries_in_log",
      status: "passed",
      reason: expect.stringMatching(
        /^20 entries at their log indexes, 3 anchored tree heads consistent with the log's checkpoint of \d+ leaves \(localhost\/ctxlog-dev-tlog, signed by localhost\/ctxlog-dev-tlog, the entries' log key\)$/,
      ),
    },
  ]);
  expect(result.summary).toMatch(
    /^COMPLETE: agent log-audited-agent, entries 1..20, every entry anchored and confirmed; entries_in_log passed: 20 entries/,
  );
  // without the log, the chain alone proves them anchored; the log check says it did not run
  const chainOnly = await auditAgent(lines, { rpcUrl: chain.rpcUrl });
  expect(chainOnly.complete).toBe(true);
  expect(chainOnly.checks[0]).toMatchObject({
    status: "not_run",
    reason: expect.stringMatching(/^20 entries are anchored/),
  });
});

it("a version 4 line whose log index, proof or tree sizes were changed is an altered entry, one without its log malformed", async () => {
  const edit = (i: number, change: (e: V4Line) => void) => {
    const e = JSON.parse(lines[i] as string);
    change(e);
    return [...lines.slice(0, i), JSON.stringify(e), ...lines.slice(i + 1)];
  };
  const brk = async (ls: string[]) => {
    const r = await auditAgent(ls, { rpcUrl: chain.rpcUrl });
    return [r.complete, r.first_break?.kind, r.first_break?.sequence, r.first_break?.message];
  };
  expect(await brk(edit(7, (e) => (e.leaf_index += 1)))).toEqual([
    false,
    "altered",
    8,
    expect.stringMatching(/^altered entry 8: its RFC 6962 proof of leaf \d+ in the checkpoint's tree fails/),
  ]);
  expect(await brk(edit(9, (e) => e.merkle_proof.reverse()))).toEqual([
    false,
    "altered",
    10,
    expect.any(String),
  ]);
  // without its log fields a version 4 line is not a line of an agent log
  expect(await brk(edit(3, (e) => delete (e as Partial<V4Line>).log))).toEqual([
    false,
    "malformed",
    4,
    "malformed entry 4: it has no log object (a version 4 line carries one)",
  ]);
  // both tree sizes changed: its checkpoint is of another size than it says
  const grown = edit(12, (e) => {
    e.log.anchored_tree_size += 1;
    e.log.tree_size += 1;
  });
  expect((await brk(grown))[1]).toBe("altered"); // its checkpoint says another size
});

it("a version 4 line claiming another size for its anchored root (proofs that fit both sizes) is unanchored: the Anchored count is the size", async () => {
  // a line of the last tree head, restated in a tree of another size whose proof has the same
  // shape, with a checkpoint of that size and the anchored root signed by the log's own key. Only a
  // size no tree head was anchored at: how the chain worker's windows cut the log varies with the
  // machine's load, and a restated size that was anchored is rightly found anchored
  const anchoredSizes = new Set(lines.map((l) => JSON.parse(l as string).log.anchored_tree_size));
  for (let i = 15; i < 20; i++) {
    const e = JSON.parse(lines[i] as string);
    const [leaf, proof] = [leafHash(hexToBytes(e.entry_hash)), e.merkle_proof.map((h: Hex) => hexToBytes(h))];
    for (let size = e.leaf_index + 1; size < 2 * e.log.anchored_tree_size; size++) {
      if (anchoredSizes.has(size)) continue;
      let root: Uint8Array;
      try {
        root = rootFromInclusionProof(e.leaf_index, size, leaf, proof);
      } catch {
        continue;
      }
      if (bytesToHex(root) !== e.merkle_root) continue;
      const checkpoint = signNote(
        formatCheckpoint({ origin: ORIGIN, size, rootHash: root, extensions: [] }),
        [noteSigner(TEST_TLOG_SIGNING_KEY)],
      );
      const restated = {
        ...e,
        log: { ...e.log, tree_size: size, anchored_tree_size: size, checkpoint, consistency_proof: [] },
      };
      const result = await auditAgent([...lines.slice(0, i), JSON.stringify(restated)], {
        rpcUrl: chain.rpcUrl,
      });
      expect(result.first_break).toEqual({
        kind: "unanchored",
        sequence: i + 1,
        message: `unanchored entry ${i + 1}: its root was anchored as a tree of ${e.log.anchored_tree_size} leaves, not log.anchored_tree_size ${size}`,
      });
      return;
    }
  }
  throw new Error("no line of the last tree head has a proof that fits another size");
});

it("fails entries_in_log for a log under the same key that changed or dropped an anchored entry", async () => {
  const served = await servedEntries();
  const index = JSON.parse(lines[10] as string).leaf_index as number;
  const changed = served.map((e, i) => (i === index ? new Uint8Array(32).fill(7) : e));
  const dropped = served.filter((_, i) => i !== index);
  for (const fork of [await forkedLog(changed), await forkedLog(dropped)]) {
    const result = await auditAgent(lines, { rpcUrl: chain.rpcUrl, logUrl: fork.url, toSequence: 20 });
    expect(result.first_break).toBeNull(); // the chain still proves every entry anchored
    expect(result.complete).toBe(false);
    expect(result.checks[0]).toMatchObject({ name: "entries_in_log", status: "failed" });
    expect(result.summary).toMatch(
      /^INCOMPLETE: agent log-audited-agent, entries 1..20, every entry anchored and confirmed; entries_in_log failed: entry 6: the tree head of \d+ leaves anchored with root 0x[0-9a-f]{64} is not a prefix/,
    );
  }
});

it("`ctxlog audit --log-url` exits 0 for the API's log, 1 for a forked one, 3 when the log cannot be read", async () => {
  const file = path.join(tmpdir(), `audit-log-${process.pid}.ndjson`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  const run = async (extra: Record<string, string>) => {
    const out: string[] = [];
    const code = await runAudit(
      { file, rpcUrl: chain.rpcUrl, to: "20", ...extra },
      (s) => out.push(s),
      (s) => out.push(s),
    );
    return { code, out: out.join("\n") };
  };
  const ok = await run({ "log-url": logUrl });
  expect(ok).toMatchObject({ code: 0, out: expect.stringContaining("entries_in_log passed: 20 entries") });
  const served = await servedEntries();
  const fork = await forkedLog(served.slice(0, served.length - 1));
  expect((await run({ "log-url": fork.url })).code).toBe(1);
  const pinnedOther = await run({
    "log-url": logUrl,
    "log-key": "other.example/log+12345678+AQB5quIQh7yZyrerl4C9m4XtJDGPOuYTVVh0q/hRutEg",
  });
  expect(pinnedOther.code).toBe(1);
  expect(pinnedOther.out).toMatch(/does not open with the given log key/);
  const unreadable = await run({ "log-url": "http://127.0.0.1:9/tlog" });
  expect(unreadable).toMatchObject({
    code: 3,
    out: expect.stringMatching(/^ctxlog: GET http:\/\/127.0.0.1:9\/tlog\/checkpoint/),
  });
  // the same through the command line's own parser (the bin, from source)
  const bin = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, "audit", file, "--rpc-url", chain.rpcUrl, "--to", "20", "--log-url", logUrl],
      { env: { ...process.env, CTXLOG_SDK_FROM_SOURCE: "1", CTXLOG_RPC_URL: "" }, timeout: 60_000 },
      (error, stdout) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout }),
    );
  });
  expect(bin).toMatchObject({
    code: 0,
    stdout: expect.stringContaining("entries_in_log passed: 20 entries"),
  });
});
