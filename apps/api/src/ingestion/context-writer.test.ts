// Integration: real PostgreSQL (fresh database) and real Redis (own prefix).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildNewContexts, createContextSigner, type NewContextInput } from "@ctxlog/core";
import { pendingContextRow } from "@ctxlog/db";
import { JOBS } from "@ctxlog/jobs";
import { Queue } from "bullmq";
import {
  createTestHarness,
  REDIS_URL,
  TEST_SIGNER_KEY,
  type Tenant,
  type TestHarness,
} from "../testing/harness";
import { createContextWriter, type LogAffinity } from "./context-writer";
import { PeerWriters, peerSocketPath, servePeerWrites } from "./peer-writes";

let h: TestHarness;
let t: Tenant;

beforeAll(async () => {
  h = await createTestHarness();
  t = await h.tenant();
});
afterAll(() => h.close());

async function anchorJob(contextId: string) {
  const queue = new Queue(JOBS.anchorContexts.queue, {
    connection: { url: REDIS_URL } as never,
    prefix: h.prefix,
  });
  try {
    return (await queue.getJob(contextId))?.data;
  } finally {
    await queue.close();
  }
}

describe("the context writer", () => {
  it("stores the same row for the same input on the batched path and the idempotent path", async () => {
    const { familyId } = await h.db.apiKey.findUniqueOrThrow({ where: { id: t.keyIds.full } });
    const owner = { userId: t.userId, apiKeyId: t.keyIds.full, keyFamilyId: familyId };
    const input: NewContextInput = {
      agent_id: "agent-same",
      context_data: { text: 'é "quoted" \u2028', n: [1.5, -2, 1e21], deep: { a: [{}, []] } },
      metadata: { run: 3 },
      visibility: "public",
    };
    const build = () =>
      buildNewContexts(owner, [input], {
        signer: createContextSigner(TEST_SIGNER_KEY),
        network: "anvil",
        confirmationDelayMs: 5_000,
        now: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)),
      });
    const [batched] = await build();
    const [keyed] = await build();
    if (!batched || !keyed) throw new Error("no rows built");

    const returned = await h.deps.contextWriter.add(batched);
    const result = await h.deps.contextWriter.addIdempotent(
      [keyed],
      {
        userId: owner.userId,
        keyFamilyId: owner.keyFamilyId,
        key: "same-row",
        method: "POST",
        path: "/v1/contexts",
        requestHash: "h",
      },
      (stored) => ({ status: 202, body: JSON.stringify(stored.map((row) => row.id)) }),
    );
    expect(result).toMatchObject({ status: 202, replayed: false, contextIds: [keyed.id] });

    const viaBatch = await h.db.context.findUniqueOrThrow({ where: { id: batched.id } });
    const viaKey = await h.db.context.findUniqueOrThrow({ where: { id: keyed.id } });
    // the same row but for its place in the agent's log: the keyed one is the next entry
    const unlinked = { id: "same", sequence: null, prevEntryHash: null, entryHash: null };
    expect({ ...viaKey, ...unlinked }).toEqual({ ...viaBatch, ...unlinked });
    expect([viaBatch.sequence, viaKey.sequence]).toEqual([1, 2]);
    expect(viaKey.prevEntryHash).toBe(viaBatch.entryHash);
    expect(viaBatch).toEqual(returned);
    expect({ ...viaBatch, ...unlinked, id: batched.id }).toEqual(pendingContextRow(batched));

    // both paths queue anchoring after their commit, through the same enqueue
    expect(await anchorJob(batched.id)).toEqual({ contextIds: [batched.id] });
    expect(await anchorJob(keyed.id)).toEqual({ contextIds: [keyed.id] });
  });

  it("writes the rows of addMany in one statement: all of them, or none when one is refused", async () => {
    const { familyId } = await h.db.apiKey.findUniqueOrThrow({ where: { id: t.keyIds.full } });
    const owner = { userId: t.userId, apiKeyId: t.keyIds.full, keyFamilyId: familyId };
    const inputs = Array.from({ length: 5 }, (_, i) => ({ agent_id: `many-${i}`, context_data: { i } }));
    const opts = { signer: createContextSigner(TEST_SIGNER_KEY), network: "anvil", confirmationDelayMs: 1 };
    const rows = await buildNewContexts(owner, inputs, opts);
    await h.deps.contextWriter.addMany(rows);
    expect(await h.db.context.count({ where: { id: { in: rows.map((r) => r.id) } } })).toBe(5);

    // the last row reuses an id that exists: the primary key refuses it, and with it the four others
    const again = await buildNewContexts(owner, inputs, opts);
    const clash = [
      ...again.slice(0, 4),
      { ...(again[4] as (typeof again)[number]), id: rows[0]?.id as string },
    ];
    await expect(h.deps.contextWriter.addMany(clash)).rejects.toThrow();
    expect(await h.db.context.count({ where: { id: { in: again.map((r) => r.id) } } })).toBe(0);
  });

  it("hands a context to the process that writes its log, and writes it here when that process is gone", async () => {
    // two writers on one database, as two API processes of a cluster: "even" agents are process 0's
    const dir = mkdtempSync(path.join(tmpdir(), "ctxlog-affinity-"));
    const peers = [0, 1].map(() => new PeerWriters((i) => peerSocketPath(dir, "7", i)));
    const handOffs: string[] = [];
    const affinity = (self: number): LogAffinity => ({
      self,
      writerOf: (row) => (row.agentId.endsWith("even") ? 0 : 1),
      writeAt: (owner, row) => (peers[self] as PeerWriters).write(owner, row),
      onHandOff: (outcome) => handOffs.push(`${self}:${outcome}`),
    });
    const writers = [0, 1].map((self) =>
      createContextWriter(h.db, h.deps.queues, h.deps.logger, { affinity: affinity(self) }),
    );
    const servers = await Promise.all(
      writers.map((w, i) => servePeerWrites(peerSocketPath(dir, "7", i), (row) => w.addHere(row))),
    );
    try {
      const { familyId } = await h.db.apiKey.findUniqueOrThrow({ where: { id: t.keyIds.full } });
      const owner = { userId: t.userId, apiKeyId: t.keyIds.full, keyFamilyId: familyId };
      const opts = { signer: createContextSigner(TEST_SIGNER_KEY), network: "anvil", confirmationDelayMs: 1 };
      const build = (n: number) =>
        buildNewContexts(
          owner,
          Array.from({ length: n }, (_, i) => ({ agent_id: "affinity-even", context_data: { i } })),
          opts,
        );
      // process 1 receives them all: each is handed to process 0 and comes back as stored
      const stored = await Promise.all(
        (await build(20)).map((row) => (writers[1] as (typeof writers)[0]).add(row)),
      );
      expect(stored.map((r) => r.sequence).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(handOffs).toEqual(Array(20).fill("1:forwarded"));

      // process 0 is gone: process 1 writes that log itself, after the head the other left
      await servers[0]?.close();
      const after = await Promise.all(
        (await build(5)).map((row) => (writers[1] as (typeof writers)[0]).add(row)),
      );
      expect(after.map((r) => r.sequence).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([21, 22, 23, 24, 25]);
      expect(handOffs.slice(20)).toEqual(Array(5).fill("1:owner_unreachable"));
    } finally {
      for (const p of peers) p.close();
      await Promise.all(servers.map((s) => s.close()));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
