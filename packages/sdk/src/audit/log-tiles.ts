// The served tiles of a transparency log, as the audit's log check reads them: the proofs it
// builds from them (inclusion of an entry, consistency of an anchored tree head) against the log's
// current checkpoint. An agent's entries sit close together in the log, so most tiles are read once.
import {
  consistencyProofRanges,
  type HashAt,
  hashAtFromTiles,
  inclusionProofRanges,
  type LeafRange,
  nodesForRanges,
  proveConsistency,
  proveInclusion,
  TILE_WIDTH,
  tilePath,
  tilesForNodes,
  tileWidth,
} from "@ctxlog/tlog";
import { fetchEntryBundle, fetchTiles, type LogReaderOptions } from "../tlog/read-log";

// at most 8 KiB a tile: a few MiB in all, then forgotten and read again when needed
const MAX_CACHED = 512;

export class LogTiles {
  private readonly tiles = new Map<string, Uint8Array>();
  private bundle: { key: string; entries: Uint8Array[] } | null = null;

  constructor(private readonly reader: LogReaderOptions) {}

  /** The hashes of the ranges' nodes in the tree of `size` leaves, from the served tiles. */
  private async hashAt(size: number, ranges: readonly LeafRange[]): Promise<HashAt> {
    const wanted = tilesForNodes(nodesForRanges(ranges), size);
    const missing = wanted.filter((t) => !this.tiles.has(tilePath(t)));
    if (missing.length > 0) {
      if (this.tiles.size + missing.length > MAX_CACHED) this.tiles.clear();
      for (const [path, bytes] of await fetchTiles(this.reader, missing)) this.tiles.set(path, bytes);
    }
    const read = new Map(wanted.map((t) => [tilePath(t), this.tiles.get(tilePath(t)) as Uint8Array]));
    return hashAtFromTiles(size, (tile) => read.get(tilePath(tile)) as Uint8Array);
  }

  /** The inclusion proof of leaf `index` in the tree of `size` leaves. Throws TlogError on a bad tile. */
  async inclusionProof(index: number, size: number): Promise<Uint8Array[]> {
    return proveInclusion(index, size, await this.hashAt(size, inclusionProofRanges(index, size)));
  }

  /** The consistency proof from the tree of `oldSize` leaves to the tree of `size`. */
  async consistencyProof(oldSize: number, size: number): Promise<Uint8Array[]> {
    return proveConsistency(oldSize, size, await this.hashAt(size, consistencyProofRanges(oldSize, size)));
  }

  /** The entry the log holds at `index` (its entry bundle), in the tree of `size` leaves. */
  async entryAt(index: number, size: number): Promise<Uint8Array> {
    const n = Math.floor(index / TILE_WIDTH);
    const width = tileWidth(0, n, size);
    const key = `${n}/${width}`;
    if (this.bundle?.key !== key) {
      // ctxlog's entries are 32-byte entry hashes: a bundle of longer ones is not its log's
      this.bundle = { key, entries: await fetchEntryBundle(this.reader, { index: n, width }, 32) };
    }
    return this.bundle.entries[index % TILE_WIDTH] as Uint8Array;
  }
}
