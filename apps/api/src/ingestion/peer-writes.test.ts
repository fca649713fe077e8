// Real Unix sockets between two ends in this process; the writer behind the socket is a plain
// function here (the cluster test runs the real one, in two API processes, on PostgreSQL).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AppError, type NewContext } from "@ctxlog/core";
import type { Context } from "@ctxlog/db";
import { PeerWriters, peerSocketPath, servePeerWrites } from "./peer-writes";

const row = (i: number): NewContext => ({
  id: `ctx_${i}`,
  userId: "usr_1",
  apiKeyId: "key_1",
  keyFamilyId: "key_1",
  agentId: "agent",
  contextData: { i, nested: { list: [1, "two", null] } },
  metadata: {},
  visibility: "private",
  canonicalJson: `{"i":${i}}`,
  contextHash: `0x${"ab".repeat(32)}`,
  signature: `0x${"cd".repeat(65)}`,
  signerAddress: `0x${"ef".repeat(20)}`,
  network: "anvil",
  createdAt: new Date(1_700_000_000_000 + i),
  estimatedConfirmation: new Date(1_700_000_005_000 + i),
});
const stored = (input: NewContext, sequence: number) => ({ ...input, sequence }) as unknown as Context;

describe("peer writes over a Unix socket", () => {
  let dir: string;
  const cleanups: (() => unknown)[] = [];
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "ctxlog-peer-"));
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });
  const serve = async (write: (input: NewContext) => Promise<Context>) => {
    const server = await servePeerWrites(peerSocketPath(dir, "1", 1), write);
    cleanups.push(() => server.close());
    return server;
  };
  const connect = (timeoutMs?: number) => {
    const peers = new PeerWriters((i) => peerSocketPath(dir, "1", i), timeoutMs);
    cleanups.unshift(() => peers.close());
    return peers;
  };

  it("hands a context to the peer and returns it as the peer stored it, Dates and JSON intact", async () => {
    let sequence = 0;
    const seen: NewContext[] = [];
    await serve(async (input) => {
      seen.push(input);
      return stored(input, ++sequence);
    });
    const peers = connect();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => peers.write(1, row(i))));
    expect(answers.map((a) => (a as unknown as { sequence: number }).sequence).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(seen[0]).toEqual(row(0));
    // a Date still (of Node's realm, not jest's: compared by its tag and time)
    expect(Object.prototype.toString.call(seen[0]?.createdAt)).toBe("[object Date]");
    expect(seen[0]?.createdAt.getTime()).toBe(row(0).createdAt.getTime());
    expect(answers[7]?.contextData).toEqual(row(7).contextData);
  });

  it("passes the peer's refusal on with its code (a full queue stays a 503)", async () => {
    await serve(async () => {
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        "Too many contexts are waiting to be written; retry with backoff.",
      );
    });
    const peers = connect();
    await expect(peers.write(1, row(1))).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "Too many contexts are waiting to be written; retry with backoff.",
    });
  });

  it("answers null when the peer is not there, so the context is written here (nothing was sent)", async () => {
    const peers = connect();
    expect(await peers.write(1, row(1))).toBeNull();
    // and does not knock again at once: the next write is null without a connection attempt
    expect(await peers.write(1, row(2))).toBeNull();
  });

  it("rejects with SERVICE_UNAVAILABLE when the peer took the context and went away", async () => {
    let server: { close: () => Promise<void> } | undefined;
    server = await servePeerWrites(peerSocketPath(dir, "1", 1), () => {
      // the peer dies with the write in hand
      void server?.close();
      return new Promise<Context>(() => {});
    });
    const peers = connect();
    await expect(peers.write(1, row(1))).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
  });

  it("rejects with SERVICE_UNAVAILABLE when the peer does not answer in time", async () => {
    await serve(() => new Promise<Context>(() => {}));
    const peers = connect(50);
    await expect(peers.write(1, row(1))).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
  });
});
