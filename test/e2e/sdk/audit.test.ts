// End to end: a log written through the real API, anchored for real on anvil (the chain worker's
// repository functions, as in the API's own tests), exported through GET /v1/agents/:id/export and
// audited by the SDK against the chain alone; then each kind of tampering, done in PostgreSQL or
// on the export, is caught by name.
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createContextSigner, decodeCanonical, encodeCanonical } from "@ctxlog/core";
import { bytesOfHex, hexOf } from "@ctxlog/db";
import { type AuditAgentResult, auditAgent, type ContextReceipt } from "@ctxlog/sdk";
import { type ChainFixture, startChainFixture } from "../../../apps/api/src/testing/chain-fixture";
import {
  bearer,
  createTestHarness,
  TEST_ATTESTATION_KEY,
  type Tenant,
  type TestHarness,
} from "../../../apps/api/src/testing/harness";

const AGENT = "audited-agent";
const ENTRIES = 300;
let chain: ChainFixture;
let h: TestHarness;
let t: Tenant;
const receipts: ContextReceipt[] = [];

const post = async (n: number) => {
  const res = await h.request
    .post("/v1/contexts")
    .set(bearer(t.keys.full))
    .send({ agent_id: AGENT, context_data: { n } });
  if (res.status !== 202) throw new Error(`POST: ${res.status}`);
  receipts.push(res.body.receipt);
  return res.body.context_id as string;
};
const exportLines = async () =>
  (await h.request.get(`/v1/agents/${AGENT}/export`).set(bearer(t.keys.read_only))).text
    .split("\n")
    .filter(Boolean);
const audit = async (lines: string[], opts: { receipts?: ContextReceipt[]; to?: number } = {}) =>
  auditAgent(lines, { rpcUrl: chain.rpcUrl, receipts: opts.receipts, toSequence: opts.to });
const broken = (r: AuditAgentResult) => [r.complete, r.first_break?.kind, r.first_break?.sequence];
const rowAt = (sequence: number) =>
  h.db.context.findFirstOrThrow({ where: { userId: t.userId, agentId: AGENT, sequence } });

beforeAll(async () => {
  chain = await startChainFixture({ confirmations: 3 });
  h = await createTestHarness(chain.env);
  t = await h.tenant();
  const ids: string[] = [];
  for (let n = 0; n < ENTRIES; n += 25) {
    ids.push(...(await Promise.all(Array.from({ length: 25 }, (_, i) => post(n + i)))));
  }
  // three anchor transactions of 100 entries, each confirmed at depth: the first a batch's own tree,
  // as anchors were before they were the transparency log's tree head, then two tree heads
  for (let i = 0; i < ENTRIES; i += 100)
    await chain.anchorContexts(h.db, ids.slice(i, i + 100), { batchTree: i === 0 });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

it("a log whose first entries were signed before receipts were their signature (EIP-191, version 2) audits complete", async () => {
  const lines = await exportLines();
  expect(lines.map((l) => JSON.parse(l).version)).toEqual([
    ...Array(100).fill(3),
    ...Array(ENTRIES - 100).fill(4),
  ]);
  const signer = createContextSigner(TEST_ATTESTATION_KEY);
  // entries 1..40 as the service signed them before: EIP-191 over context_hash
  const old = await h.db.context.findMany({
    where: { userId: t.userId, agentId: AGENT, sequence: { lte: 40 } },
  });
  const saved = old.map((row) => ({ id: row.id, signature: row.signature }));
  try {
    for (const row of old) {
      const signature = await signer.sign(hexOf(row.contextHash) as `0x${string}`);
      await h.db.context.update({
        where: { id: row.id },
        data: { signature: bytesOfHex(signature), signatureScheme: "EIP-191" },
      });
    }
    const mixed = await exportLines();
    expect(mixed.map((l) => JSON.parse(l).version)).toEqual([
      ...Array(40).fill(2),
      ...Array(60).fill(3),
      ...Array(ENTRIES - 100).fill(4),
    ]);
    const result = await audit(mixed, { to: ENTRIES });
    expect([result.complete, result.first_break]).toEqual([true, null]);
  } finally {
    for (const { id, signature } of saved)
      await h.db.context.update({ where: { id }, data: { signature, signatureScheme: "EIP-712" } });
  }
});

it("a clean log of several hundred entries audits complete, receipts included", async () => {
  const lines = await exportLines();
  expect(lines).toHaveLength(ENTRIES);
  const result = await audit(lines, { receipts, to: ENTRIES });
  expect(result.first_break).toBeNull();
  expect(result).toMatchObject({
    complete: true,
    entries: ENTRIES,
    first_sequence: 1,
    last_sequence: ENTRIES,
  });
  expect(result.summary).toMatch(/^COMPLETE: agent audited-agent, entries 1\.\.300/);
  // warm now (chain lookups cached per audit, so a fresh audit reads each receipt and block again)
  const again = await audit(lines, { receipts, to: ENTRIES });
  process.stderr.write(`audit: ${ENTRIES} entries in ${again.elapsed_ms} ms\n`);
});

describe("tampering is caught by name", () => {
  it("a deleted row: gap at N (receipt N missing, given the receipts)", async () => {
    const row = await rowAt(120);
    await h.db.context.delete({ where: { id: row.id } });
    try {
      const lines = await exportLines();
      expect(broken(await audit(lines))).toEqual([false, "gap", 120]);
      expect((await audit(lines)).summary).toMatch(/gap at 120: the entry after 119 is 121/);
      expect(broken(await audit(lines, { receipts }))).toEqual([false, "receipt_missing", 120]);
    } finally {
      await h.db.context.create({ data: row as never });
    }
  });

  it("two rows swapped: fork at N", async () => {
    const [a, b] = [await rowAt(50), await rowAt(51)];
    const swap = async (x: number, y: number) => {
      await h.db.context.update({ where: { id: a.id }, data: { sequence: -1 } });
      await h.db.context.update({ where: { id: b.id }, data: { sequence: x } });
      await h.db.context.update({ where: { id: a.id }, data: { sequence: y } });
    };
    await swap(50, 51);
    try {
      expect(broken(await audit(await exportLines()))).toEqual([false, "fork", 50]);
    } finally {
      await h.db.context.update({ where: { id: b.id }, data: { sequence: -1 } });
      await h.db.context.update({ where: { id: a.id }, data: { sequence: 50 } });
      await h.db.context.update({ where: { id: b.id }, data: { sequence: 51 } });
    }
  });

  it("an altered context (its stored canonical JSON, which the export writes): altered entry N", async () => {
    const row = await rowAt(200);
    const canonical = row.canonicalData === null ? "" : decodeCanonical(row.canonicalData);
    const changed = canonical.replace(/"n":\d+/, '"n":"changed"');
    expect(changed).not.toBe(canonical);
    await h.db.context.update({ where: { id: row.id }, data: { canonicalData: encodeCanonical(changed) } });
    try {
      const result = await audit(await exportLines());
      expect(broken(result)).toEqual([false, "altered", 200]);
      expect(result.first_break?.message).toMatch(/^altered entry 200: /);
    } finally {
      await h.db.context.update({ where: { id: row.id }, data: { canonicalData: row.canonicalData } });
    }
  });

  it("a changed prev link: fork at N (in the database), altered entry N (its hash, when relinked in the file)", async () => {
    const row = await rowAt(77);
    await h.db.context.update({
      where: { id: row.id },
      data: { prevEntryHash: bytesOfHex(`0x${"ee".repeat(32)}`) },
    });
    try {
      expect(broken(await audit(await exportLines()))).toEqual([false, "fork", 77]);
    } finally {
      await h.db.context.update({ where: { id: row.id }, data: { prevEntryHash: row.prevEntryHash } });
    }
  });

  it("an entry never anchored: unanchored entry N", async () => {
    const lines = await exportLines();
    const entry = JSON.parse(lines[149] as string);
    // as the export writes an entry in no mined batch: version 3's shape, its anchor fields null
    const { log: _log, ...rest } = entry;
    lines[149] = JSON.stringify({
      ...rest,
      version: 3,
      merkle_algorithm: "sorted-pair-keccak256",
      status: "pending",
      ...Object.fromEntries(
        ["leaf_index", "merkle_proof", "merkle_root", "chain_id", "network", "registry_address"].map((k) => [
          k,
          null,
        ]),
      ),
      ...Object.fromEntries(["transaction_hash", "block_number", "anchor_address"].map((k) => [k, null])),
    });
    expect(broken(await audit(lines))).toEqual([false, "unanchored", 150]);
  });

  it("a receipt whose entry was removed (the head): receipt N missing", async () => {
    const lines = (await exportLines()).slice(0, ENTRIES - 1);
    expect(broken(await audit(lines))).toEqual([true, undefined, undefined]); // nothing else shows it
    expect(broken(await audit(lines, { receipts }))).toEqual([false, "receipt_missing", ENTRIES]);
  });

  it("a receipt that does not match its entry, and a forged one", async () => {
    const lines = await exportLines();
    const other = receipts.find((r) => r.sequence === 10) as ContextReceipt;
    const wrong = {
      ...other,
      context_hash: receipts.find((r) => r.sequence === 11)?.context_hash,
    } as ContextReceipt;
    expect(broken(await audit(lines, { receipts: [wrong] }))).toEqual([false, "receipt_mismatch", 10]);
  });
});

it("entries anchored without the required depth (a reorg could still drop them) are not yet confirmed", async () => {
  const ids = [await post(1000), await post(1001)];
  const snapshot = (await chain.rpc("evm_snapshot")) as string;
  // mined, one block deep: the export shows them pending in their batch
  await chain.anchorContexts(h.db, ids, { confirm: false });
  const lines = await exportLines();
  expect(JSON.parse(lines[ENTRIES] as string)).toMatchObject({
    status: "pending",
    transaction_hash: expect.any(String),
  });
  const shallow = await audit(lines);
  expect(broken(shallow)).toEqual([false, "not_confirmed", ENTRIES + 1]);
  expect(shallow.first_break?.message).toMatch(/1 of 3 confirmations/);
  // the reorg happens: the transaction is gone; still not confirmed, never complete
  await chain.rpc("evm_revert", [snapshot]);
  expect(broken(await audit(lines))).toEqual([false, "not_confirmed", ENTRIES + 1]);
});

it("npx ctxlog audit: one-line summary, exit 0 only for a complete anchored log", async () => {
  const file = path.join(tmpdir(), `ctxlog-audit-${process.pid}.ndjson`);
  writeFileSync(file, `${(await exportLines()).slice(0, ENTRIES).join("\n")}\n`);
  const bin = path.join(__dirname, "../../../packages/sdk/bin/ctxlog.js");
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        [bin, ...args],
        { env: { ...process.env, CTXLOG_SDK_FROM_SOURCE: "1" } },
        (error, stdout) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout }),
      );
    });
  const ok = await run(["audit", file, "--rpc-url", chain.rpcUrl, "--to", String(ENTRIES)]);
  expect(ok).toEqual({
    code: 0,
    stdout: expect.stringMatching(/^COMPLETE: agent audited-agent, entries 1\.\.300/),
  });
  const cut = await run(["audit", file, "--rpc-url", chain.rpcUrl, "--to", String(ENTRIES + 2)]);
  expect(cut.code).toBe(1);
  expect(cut.stdout).toMatch(/^INCOMPLETE: .*gap at 301/);
}, 60_000);
