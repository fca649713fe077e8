// Integration: GET /v1/agents/:agent_id/evidence on real PostgreSQL, Redis and anvil (the log is
// anchored for real, as the chain worker does), each pack checked by the SDK's verifyPack offline
// and against the node: what the API streams is a pack of format 2, whole. The last batch is
// anchored by the transparency log's tree head (issue 43), the others by their own trees.

import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { readPackZip, verifyPack } from "@ctxlog/sdk";
import { type ChainFixture, startChainFixture } from "../../testing/chain-fixture";
import { bearer, createTestHarness, type Tenant, type TestHarness } from "../../testing/harness";

const AGENT = "agent-evidence";
let chain: ChainFixture;
let h: TestHarness;
let t: Tenant;
const receivedAt: string[] = []; // by sequence − 1
const ids: string[] = [];

const post = async (n: number) => {
  const res = await h.request
    .post("/v1/contexts")
    .set(bearer(t.keys.full))
    .send({ agent_id: AGENT, context_data: { n, note: "é".repeat(n) } });
  if (res.status !== 202) throw new Error(`POST: ${res.status} ${JSON.stringify(res.body)}`);
  receivedAt.push(res.body.receipt.received_at);
  ids.push(res.body.context_id);
  return res.body.context_id as string;
};

/** The pack's bytes (or the error's JSON), as a client downloads it. */
const evidence = (query: { from: string; to: string }, key = t.keys.read_only, agent = AGENT) =>
  h.request
    .get(`/v1/agents/${agent}/evidence`)
    .query(query)
    .set(bearer(key))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      // an error as its JSON; a pack as its bytes, one latin1 character each (the harness checks
      // every body against the OpenAPI document, where the zip is a binary string)
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const json = /json/.test(String(res.headers["content-type"]));
        done(null, json ? JSON.parse(body.toString()) : body.toString("latin1"));
      });
    });

const bytesOf = (zip: string) => new Uint8Array(Buffer.from(zip, "latin1"));
const verified = async (zip: string) => verifyPack(readPackZip(bytesOf(zip)));
const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

beforeAll(async () => {
  chain = await startChainFixture({ confirmations: 3 });
  h = await createTestHarness(chain.env);
  t = await h.tenant();
  for (let n = 0; n < 12; n++) {
    await post(n);
    await new Promise((r) => setTimeout(r, 5)); // distinct receipt times
  }
  // three anchoring transactions, each confirmed at depth: two batch trees, then the log's tree head
  for (let i = 0; i < 12; i += 4)
    await chain.anchorContexts(h.db, ids.slice(i, i + 4), { batchTree: i !== 8 });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

const whole = () => ({
  from: shift(receivedAt[0] as string, -1000),
  to: shift(receivedAt[11] as string, 1000),
});

it("a pack of the whole log verifies: 12 entries in 3 anchors, signed by the attestation key", async () => {
  const res = await evidence(whole());
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toBe("application/zip");
  const result = await verified(res.body);
  expect(result.failure).toBeNull();
  expect(result.verdict).toBe("verified");
  expect(result.manifest).toMatchObject({
    user_id: t.userId,
    agent_id: AGENT,
    sequence_range: { first: 1, last: 12 },
    counts: { entries: 12, erased: 0, anchors: 3, erasures: 0 },
    created_by: expect.stringMatching(/^key:/),
  });
  const files = readPackZip(bytesOf(res.body));
  const policy = JSON.parse(new TextDecoder().decode(files.get("policy.json")));
  expect(policy.legal_holds).toEqual([]);
  const report = new TextDecoder().decode(files.get("report.html"));
  expect(report).toContain("entries 1–12 (12)");
  // the chart's anchoring column counts the three transactions, on the days their blocks were mined
  const anchoredPerDay = [
    ...report.matchAll(/<div class="bar anchor"[^>]*><\/div><\/td><td>(\d+)<\/td>/g),
  ].map((m) => Number(m[1]));
  expect(anchoredPerDay.reduce((a, b) => a + b, 0)).toBe(3);
});

it("tree-head entries are version 4 lines with the log's checkpoint, which anchors.json's tree_head holds", async () => {
  const files = readPackZip(bytesOf((await evidence(whole())).body));
  const text = (name: string) => new TextDecoder().decode(files.get(name));
  const lines = text("entries.ndjson")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(lines.map((l) => l.version)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4]);
  const [first, ...rest] = lines.slice(8);
  expect(first).toMatchObject({ merkle_algorithm: "RFC6962-SHA256", log: { consistency_proof: [] } });
  expect(first.log.tree_size).toBe(first.log.anchored_tree_size);
  for (const line of rest) expect(line.log).toEqual(first.log);
  const anchors = JSON.parse(text("anchors.json")).anchors;
  expect(anchors.map((a: { tree_head?: unknown }) => a.tree_head !== undefined)).toEqual([
    false,
    false,
    true,
  ]);
  expect(anchors[2].tree_head).toEqual({
    tree_size: first.log.tree_size,
    origin: first.log.origin,
    verifier_key: first.log.verifier_key,
    checkpoint: first.log.checkpoint,
  });
  expect(JSON.parse(text("manifest.json")).format).toBe("ctxlog-evidence/2");
});

it("the export gives tree-head entries as version 4 bundles with log, as GET /v1/contexts/:id/proof does", async () => {
  const res = await h.request.get(`/v1/agents/${AGENT}/export`).set(bearer(t.keys.read_only)).buffer(true);
  expect(res.status).toBe(200);
  const lines = String(res.text)
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
    .filter((l) => l.sequence <= 12);
  expect(lines.map((l) => l.version)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4]);
  const proof = await h.request.get(`/v1/contexts/${ids[9]}/proof`).set(bearer(t.keys.read_only));
  expect(proof.status).toBe(200);
  const { status, ...line } = lines[9];
  expect([status, line]).toEqual(["confirmed", proof.body]);
});

it("a period inside the log: its entries, with the receipts just before and after proving nothing was left out", async () => {
  const res = await evidence({ from: receivedAt[3] as string, to: receivedAt[8] as string });
  const result = await verified(res.body);
  expect(result.failure).toBeNull();
  expect(result.manifest?.sequence_range).toEqual({ first: 4, last: 8 });
  expect(result.manifest?.counts.anchors).toBe(2);
});

it("a period without entries verifies as one, between the entries around it", async () => {
  const res = await evidence({
    from: shift(receivedAt[4] as string, 1),
    to: shift(receivedAt[4] as string, 2),
  });
  const result = await verified(res.body);
  expect(result.failure).toBeNull();
  expect(result.manifest?.sequence_range).toBeNull();
});

it("an entry not confirmed yet ends the range before it", async () => {
  const pending = await post(12);
  try {
    const res = await evidence({ ...whole(), to: shift(receivedAt[12] as string, 1000) });
    const result = await verified(res.body);
    expect(result.failure).toBeNull();
    expect(result.manifest?.sequence_range).toEqual({ first: 1, last: 12 });
    expect(result.manifest?.range.to).toBe(receivedAt[12]);
  } finally {
    await chain.anchorContexts(h.db, [pending]);
  }
});

it("an erased entry: verified, data unavailable for 1, with its erasure record and reason; policy.json lists the hold", async () => {
  const reason = "the data subject's request (GDPR Art. 17)";
  const erase = await h.request
    .delete(`/v1/contexts/${ids[5]}/data`)
    .set(bearer(t.keys.full))
    .send({ reason });
  expect(erase.status).toBe(200);
  const hold = await h.request
    .post(`/v1/agents/${AGENT}/holds`)
    .set(bearer(t.keys.full))
    .send({ reason: "audit of 2026" });
  expect(hold.status).toBe(201);
  // a period reaching past the hold's placement, so the hold is in force during it
  const res = await evidence({ from: whole().from, to: new Date(Date.now() + 60_000).toISOString() });
  const result = await verified(res.body);
  expect(result.failure).toBeNull();
  expect(result.verdict).toBe("verified_data_unavailable");
  expect(result.erased_sequences).toEqual([6]);
  const files = readPackZip(bytesOf(res.body));
  const text = (name: string) => new TextDecoder().decode(files.get(name));
  const [record] = text("erasures.ndjson")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(record).toEqual({
    context_id: ids[5],
    sequence: 6,
    context_hash: expect.stringMatching(/^0x/),
    erased_at: erase.body.data_erased_at,
    erased_by: `key:${t.keyIds.full}`,
    reason,
  });
  expect(JSON.parse(text("policy.json"))).toEqual({
    retention: { data_retention_days: null, data_min_retention_days: 0 },
    legal_holds: [
      {
        placed_at: hold.body.placed_at,
        placed_by: `key:${t.keyIds.full}`,
        reason: "audit of 2026",
        released_at: null,
      },
    ],
  });
  expect(text("report.html")).toContain("audit of 2026");
  // a period that ends as the hold is placed does not list it
  const earlier = readPackZip(
    bytesOf((await evidence({ from: whole().from, to: hold.body.placed_at })).body),
  );
  expect(JSON.parse(new TextDecoder().decode(earlier.get("policy.json"))).legal_holds).toEqual([]);
  const released = await h.request
    .post(`/v1/agents/${AGENT}/holds/${hold.body.hold_id}/release`)
    .set(bearer(t.keys.full));
  expect(released.status).toBe(200);
});

it("refuses what it cannot pack: a bad range (400), another agent for a restricted key, another user's agent (404)", async () => {
  const backwards = await evidence({ from: whole().to, to: whole().from });
  expect([backwards.status, backwards.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
  const notATime = await evidence({ from: "yesterday", to: whole().to });
  expect(notATime.status).toBe(400);

  const restricted = await h.tenant({ agents: ["other-*"] });
  const own = await h.request
    .post("/v1/contexts")
    .set(bearer(restricted.keys.full))
    .send({ agent_id: AGENT, context_data: {} });
  expect(own.status).toBe(202);
  // the restricted key of that user may read other-* only, and another user's agent is not there at all
  expect((await evidence(whole(), restricted.keys.restricted)).status).toBe(404);
  const stranger = await h.tenant();
  expect((await evidence(whole(), stranger.keys.read_only)).status).toBe(404);
});

it("a restricted key packs its own agents' entries, and no other agent's", async () => {
  const own: string[] = [];
  const times: string[] = [];
  for (let n = 0; n < 2; n++) {
    const res = await h.request
      .post("/v1/contexts")
      .set(bearer(t.keys.restricted))
      .send({ agent_id: "agent-restricted", context_data: { n } });
    expect(res.status).toBe(202);
    own.push(res.body.context_id);
    times.push(res.body.receipt.received_at);
  }
  await chain.anchorContexts(h.db, own);
  const period = { from: shift(times[0] as string, -1000), to: shift(times[1] as string, 1000) };
  const res = await evidence(period, t.keys.restricted, "agent-restricted");
  expect(res.status).toBe(200);
  const result = await verified(res.body);
  expect([result.verdict, result.entries]).toEqual(["verified", 2]);
  // the same user's other agent, logged by another key family: not this key's to read
  expect((await evidence(whole(), t.keys.restricted)).status).toBe(404);
});

it("without a node to read the chain from: 503, before any byte of a pack", async () => {
  const closed = await createTestHarness({ ...chain.env, RPC_URL: "http://127.0.0.1:9/" });
  try {
    const tenant = await closed.tenant();
    const logged = await closed.request
      .post("/v1/contexts")
      .set(bearer(tenant.keys.full))
      .send({ agent_id: AGENT, context_data: {} });
    expect(logged.status).toBe(202);
    const res = await closed.request
      .get(`/v1/agents/${AGENT}/evidence`)
      .query(whole())
      .set(bearer(tenant.keys.read_only));
    expect([res.status, res.body.error.code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
  } finally {
    await closed.close();
  }
});

const BIN = path.join(__dirname, "../../../../../packages/sdk/bin/ctxlog.js");

/** The `ctxlog` bin as a user runs it, from source (CTXLOG_SDK_FROM_SOURCE=1): its exit code and output. */
const ctxlog = (args: string[]) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, CTXLOG_SDK_FROM_SOURCE: "1", CTXLOG_RPC_URL: "" }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, output: stdout + stderr });
      },
    );
  });

it("`ctxlog evidence` downloads the pack to a file that `ctxlog verify-pack` verifies; a refusal leaves no file", async () => {
  const server = h.app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const dir = mkdtempSync(path.join(tmpdir(), "ctxlog-evidence-"));
  const { from, to } = whole();
  const key = t.keys.read_only;
  try {
    const file = path.join(dir, "pack.zip");
    const written = await ctxlog([
      "evidence",
      AGENT,
      "--from",
      from,
      "--to",
      to,
      "--api",
      api,
      "--key",
      key,
      "-o",
      file,
    ]);
    expect(written.code).toBe(0);
    expect((await verified(readFileSync(file).toString("latin1"))).verified).toBe(true);
    const checked = await ctxlog(["verify-pack", file]);
    expect([checked.code, checked.output]).toEqual([0, expect.stringMatching(/VERIFIED/)]);

    const refused = path.join(dir, "refused.zip");
    const backwards = await ctxlog([
      "evidence",
      AGENT,
      "--from",
      to,
      "--to",
      from,
      "--api",
      api,
      "--key",
      key,
      "-o",
      refused,
    ]);
    expect([backwards.code, backwards.output]).toEqual([4, expect.stringMatching(/from must be before to/)]);
    expect([existsSync(refused), existsSync(`${refused}.partial`)]).toEqual([false, false]);
  } finally {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  }
});
