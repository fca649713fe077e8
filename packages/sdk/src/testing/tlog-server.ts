// Test-only: a transparency log held in memory, served on loopback as C2SP tlog-tiles serves one
// (`<url>/checkpoint`, `<url>/tile/<L>/<N>[.p/<W>]`, `<url>/tile/entries/<N>[.p/<W>]`), built with @ctxlog/tlog's formats. Tests
// append entries, publish signed checkpoints, and can serve any note (an old one, a forged one)
// or fail every request.
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  buildTile,
  encodeEntryBundle,
  formatCheckpoint,
  MemoryTree,
  noteSigner,
  parseTilePath,
  signNote,
  tileWidth,
  treeHash,
} from "@ctxlog/tlog";

export type TestLogServer = {
  url: string;
  tree: MemoryTree;
  /** the entries appended, in log order (the entry bundles' contents) */
  entries: Uint8Array[];
  /** every path requested, in order */
  requests: string[];
  append(entries: readonly Uint8Array[]): void;
  /** Signs a checkpoint of the tree as it is now, serves it and returns the note. */
  publish(): string;
  /** Serves this note as the checkpoint from now on. */
  serve(note: string): void;
  /** Answers every request with this status (null: serve normally). */
  failWith(status: number | null): void;
  close(): Promise<void>;
};

/** A test entry hash: SHA-256 of a label, so two logs fed other labels diverge. */
export const testEntry = (label: string): Uint8Array =>
  new Uint8Array(createHash("sha256").update(label).digest());

export async function startTestLogServer(signerKey: string, origin: string): Promise<TestLogServer> {
  const tree = new MemoryTree();
  const entries: Uint8Array[] = [];
  const requests: string[] = [];
  let note: string | null = null;
  let failure: number | null = null;

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "").replace(/^\/tlog\//, "");
    requests.push(path);
    if (failure !== null) return void res.writeHead(failure).end("failing on purpose\n");
    if (path === "checkpoint" && note !== null) {
      return void res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" }).end(note);
    }
    try {
      const tile = parseTilePath(path);
      if (tile.kind === "tile" && tile.width <= tileWidth(tile.level, tile.index, tree.size)) {
        const body = Buffer.from(buildTile(tile, tree.hashAt));
        return void res.writeHead(200, { "Content-Type": "application/octet-stream" }).end(body);
      }
      if (tile.kind === "entries" && tile.width <= tileWidth(0, tile.index, tree.size)) {
        const first = tile.index * 256;
        const body = encodeEntryBundle(entries.slice(first, first + tile.width));
        return void res.writeHead(200, { "Content-Type": "application/octet-stream" }).end(body);
      }
    } catch {
      // not a tile path: 404 below
    }
    res.writeHead(404).end("not found\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/tlog`,
    tree,
    entries,
    requests,
    append: (added) => {
      for (const entry of added) {
        tree.append(entry);
        entries.push(entry);
      }
    },
    publish: () => {
      const text = formatCheckpoint({
        origin,
        size: tree.size,
        rootHash: treeHash(tree.size, tree.hashAt),
        extensions: [],
      });
      note = signNote(text, [noteSigner(signerKey)]);
      return note;
    },
    serve: (n) => {
      note = n;
    },
    failWith: (status) => {
      failure = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
