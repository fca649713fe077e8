// The files of a pack as verifyPack reads them: each with its size, SHA-256 and last byte, the
// small ones held whole, entries.ndjson as a stream. From a zip (a file on disk or its bytes) the
// entries are inflated twice, chunk by chunk: once for the manifest's file_hash check, which
// comes before every entry check, and once for those checks. Memory stays bounded however many
// entries the pack holds: a chunk, the line being read, and the checks' running state (which
// grows with the days, anchors and erased entries, not with the entries).
import { createHash } from "node:crypto";
import { type FileHandle, open } from "node:fs/promises";
import { pipeline, Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";
import { sha256 } from "viem";
import { MANIFEST_FILE, PACK_FILES } from "./pack-format";
import { PackUnreadableError } from "./pack-unreadable";
import { type ReadAt, readZipDirectory, type ZipMember } from "./zip-directory";

/** The pack's file that is streamed, never held whole: the one that grows with the entries. */
export const STREAMED_FILE = "entries.ndjson";
const HELD = new Set<string>([MANIFEST_FILE, ...PACK_FILES].filter((name) => name !== STREAMED_FILE));
const CHUNK = 64 * 1024;

export interface PackFileSource {
  /** size in bytes */
  readonly bytes: number;
  /** SHA-256, lowercase hex without 0x */
  sha256(): string;
  /** the last byte, undefined for an empty file */
  readonly lastByte: number | undefined;
  /** the bytes, for a file held whole (every file of a pack but a streamed entries.ndjson) */
  whole(): Uint8Array;
  /** the bytes, chunk by chunk */
  chunks(): AsyncIterable<Uint8Array>;
}

export interface PackSource {
  files: ReadonlyMap<string, PackFileSource>;
  close(): Promise<void>;
}

/** Files already in memory (readPackZip's map): each is held whole. */
export function packFromFiles(files: ReadonlyMap<string, Uint8Array>): PackSource {
  const sources = new Map<string, PackFileSource>();
  for (const [name, bytes] of files) {
    let digest: string | undefined;
    sources.set(name, {
      bytes: bytes.length,
      sha256: () => {
        digest ??= sha256(bytes).slice(2);
        return digest;
      },
      lastByte: bytes.length > 0 ? bytes[bytes.length - 1] : undefined,
      whole: () => bytes,
      async *chunks() {
        yield bytes;
      },
    });
  }
  return { files: sources, close: async () => {} };
}

/**
 * A zip, from its path or its bytes. Every member is inflated once here (a zip that does not
 * inflate is unreadable, as readPackZip finds before any check); the small files are kept.
 */
export async function openPackZip(zip: Uint8Array | string): Promise<PackSource> {
  let handle: FileHandle | undefined;
  let size: number;
  let readAt: ReadAt;
  let raw: (offset: number, length: number) => Readable;
  if (typeof zip === "string") {
    try {
      handle = await open(zip, "r");
      size = (await handle.stat()).size;
    } catch (error) {
      await handle?.close();
      throw new PackUnreadableError((error as Error).message);
    }
    const fd = handle;
    readAt = async (offset, length) => {
      const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await fd.read(buffer, 0, buffer.length, offset);
      return buffer.subarray(0, bytesRead);
    };
    raw = (offset, length) =>
      length === 0
        ? Readable.from([])
        : fd.createReadStream({
            start: offset,
            end: offset + length - 1,
            autoClose: false,
            highWaterMark: CHUNK,
          });
  } else {
    size = zip.length;
    readAt = async (offset, length) => zip.subarray(offset, offset + length);
    raw = (offset, length) => Readable.from(slices(zip.subarray(offset, offset + length)));
  }
  try {
    const members = await readZipDirectory(size, readAt);
    const files = new Map<string, PackFileSource>();
    for (const member of members) {
      const read = () => inflated(member, raw);
      const first = await scan(read(), HELD.has(member.name));
      if (member.name.endsWith("/")) continue; // a directory entry holds nothing
      files.set(member.name, {
        bytes: first.bytes,
        sha256: () => first.sha256,
        lastByte: first.lastByte,
        whole: () => {
          if (!first.whole) throw new Error(`${member.name} is streamed, not held whole`);
          return first.whole;
        },
        chunks: () => (first.whole ? once(first.whole) : rescanned(member.name, read(), first.sha256)),
      });
    }
    return { files, close: async () => handle?.close() };
  } catch (error) {
    await handle?.close();
    throw error;
  }
}

function* slices(bytes: Uint8Array) {
  for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

/** A member's bytes as they inflate; a member that does not inflate makes the pack unreadable. */
async function* inflated(
  member: ZipMember,
  raw: (offset: number, length: number) => Readable,
): AsyncGenerator<Uint8Array> {
  if (member.method !== 0 && member.method !== 8)
    throw new PackUnreadableError(`${member.name}: unknown compression type ${member.method}`);
  const input = raw(member.dataOffset, member.compressedSize);
  const stream = member.method === 0 ? input : pipeline(input, createInflateRaw(), () => {});
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } catch (error) {
    throw new PackUnreadableError(`${member.name} does not inflate: ${(error as Error).message}`);
  }
}

/** Size, SHA-256 and last byte of a member, and its bytes when `keep`. */
async function scan(chunks: AsyncIterable<Uint8Array>, keep: boolean) {
  const hash = createHash("sha256");
  const kept: Uint8Array[] = [];
  let bytes = 0;
  let lastByte: number | undefined;
  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    hash.update(chunk);
    bytes += chunk.length;
    lastByte = chunk[chunk.length - 1];
    if (keep) kept.push(chunk);
  }
  const whole: Uint8Array | undefined = keep ? Buffer.concat(kept) : undefined;
  return { bytes, lastByte, sha256: hash.digest("hex"), whole };
}

/**
 * The member inflated again, for the checks; its SHA-256 must be the first pass's (a file changed
 * on disk between the two would have its entries checked against another file's hash).
 */
async function* rescanned(name: string, chunks: AsyncIterable<Uint8Array>, expected: string) {
  const hash = createHash("sha256");
  for await (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
  if (hash.digest("hex") !== expected)
    throw new PackUnreadableError(`${name} changed while it was read: it is not the file that was hashed`);
}
