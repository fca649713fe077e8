// Reads a transparency log over HTTP, as C2SP tlog-tiles serves it: `<url>/checkpoint` and
// `<url>/tile/<L>/<N>[.p/<W>]`. Nothing read here is trusted: the caller opens the checkpoint
// with the log's key and checks every proof built from the tiles against a checkpoint's root.
import {
  DEFAULT_NOTE_LIMITS,
  decodeEntryBundle,
  type EntryBundle,
  entryBundlePath,
  HASH_SIZE,
  MAX_ENTRY_SIZE,
  TILE_WIDTH,
  type Tile,
  tilePath,
} from "@ctxlog/tlog";

export interface LogReaderOptions {
  /** The log's base URL: the checkpoint is `<url>/checkpoint`, tiles `<url>/tile/…`. */
  url: string;
  /** Per request, until the whole body is read (default 30 s, as the SDK's HttpClient). */
  timeoutMs?: number;
  /** Extra request headers (a read key, for a log served with TLOG_PUBLIC=false). */
  headers?: Record<string, string>;
}

/** The log could not be read: unreachable, an HTTP error, a timeout, or a body over its limit. */
export class LogUnreadableError extends Error {
  override readonly name = "LogUnreadableError";
  constructor(
    message: string,
    readonly url: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** GET `url`; the body's bytes, refused past `maxBytes` while it is read (not after). */
async function getBytes(opts: LogReaderOptions, path: string, maxBytes: number): Promise<Uint8Array | 404> {
  const url = `${opts.url.replace(/\/+$/, "")}/${path}`;
  const signal = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const response = await fetch(url, { headers: opts.headers, signal, redirect: "follow" });
    if (response.status === 404) {
      await response.body?.cancel();
      return 404;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new LogUnreadableError(`GET ${url}: HTTP ${response.status}`, url, response.status);
    }
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (declared > maxBytes) {
      await response.body.cancel();
      throw new LogUnreadableError(`GET ${url}: ${declared} bytes, over the limit of ${maxBytes}`, url);
    }
    const chunks: Uint8Array[] = [];
    let length = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.length;
      if (length > maxBytes) {
        await reader.cancel();
        throw new LogUnreadableError(`GET ${url}: more than the limit of ${maxBytes} bytes`, url);
      }
      chunks.push(value);
    }
    // no Buffer: the console's audit may read a log in a browser
    const body = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.length;
    }
    return body;
  } catch (error) {
    if (error instanceof LogUnreadableError) throw error;
    // undici's "fetch failed" says nothing: what failed (ECONNREFUSED, ENOTFOUND…) is its cause
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why =
      (error as Error).name === "TimeoutError"
        ? "timed out"
        : `${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ""}`;
    throw new LogUnreadableError(`GET ${url}: ${why}`, url, undefined, { cause: error });
  }
}

/** The log's latest checkpoint, as served (a signed note, at most the note size limit). */
export async function fetchCheckpoint(opts: LogReaderOptions): Promise<string> {
  const body = await getBytes(opts, "checkpoint", DEFAULT_NOTE_LIMITS.maxBytes);
  if (body === 404) throw new LogUnreadableError("the log serves no checkpoint (404)", opts.url, 404);
  return new TextDecoder().decode(body);
}

/**
 * A tile's bytes (its width's hashes exactly, or refused by the caller's tileHashes). A partial
 * tile a log no longer serves is read from the full tile, whose first hashes are the same, as
 * tlog-tiles lets clients do.
 */
export async function fetchTile(opts: LogReaderOptions, tile: Tile): Promise<Uint8Array> {
  const bytes = tile.width * HASH_SIZE;
  const body = await getBytes(opts, tilePath(tile), bytes);
  if (body !== 404) return body;
  if (tile.width < TILE_WIDTH) {
    const full = await getBytes(opts, tilePath({ ...tile, width: TILE_WIDTH }), TILE_WIDTH * HASH_SIZE);
    if (full !== 404) return full.subarray(0, bytes);
  }
  throw new LogUnreadableError(`the log does not serve ${tilePath(tile)} (404)`, opts.url, 404);
}

/**
 * The entries of an entry bundle (`tile/entries/<N>[.p/<W>]`), decoded: exactly its width's, each
 * at most `entrySize` bytes (ctxlog's entries are 32-byte entry hashes). A partial bundle the log
 * no longer serves is read from the full one, as fetchTile does. A malformed bundle throws TlogError.
 */
export async function fetchEntryBundle(
  opts: LogReaderOptions,
  bundle: EntryBundle,
  entrySize = MAX_ENTRY_SIZE,
): Promise<Uint8Array[]> {
  const limit = (width: number) => width * (2 + entrySize);
  const body = await getBytes(opts, entryBundlePath(bundle), limit(bundle.width));
  if (body !== 404) return decodeEntryBundle(body, { width: bundle.width });
  if (bundle.width < TILE_WIDTH) {
    const full = await getBytes(opts, entryBundlePath({ ...bundle, width: TILE_WIDTH }), limit(TILE_WIDTH));
    if (full !== 404) return decodeEntryBundle(full, { width: TILE_WIDTH }).slice(0, bundle.width);
  }
  throw new LogUnreadableError(`the log does not serve ${entryBundlePath(bundle)} (404)`, opts.url, 404);
}

/** Several tiles, read concurrently: keyed by tilePath. */
export async function fetchTiles(
  opts: LogReaderOptions,
  tiles: readonly Tile[],
): Promise<Map<string, Uint8Array>> {
  const bodies = await Promise.all(tiles.map((t) => fetchTile(opts, t)));
  return new Map(tiles.map((t, i) => [tilePath(t), bodies[i] as Uint8Array]));
}
