// A zip's central directory, read the way fflate's unzipSync reads it (the end record found within
// 64 KiB of the end, zip64 when its locator is there), from a source read at offsets: a file on
// disk or bytes in memory. Only the directory and the local headers are read here; each member's
// data is read later, as a stream (pack-source.ts), so a pack is never held whole.
import { PackUnreadableError } from "./pack-unreadable";

/** Reads `length` bytes at `offset` (fewer at the end of the source). */
export type ReadAt = (offset: number, length: number) => Promise<Uint8Array>;

export interface ZipMember {
  name: string;
  /** 0 stored, 8 deflate (anything else is refused when read) */
  method: number;
  /** the compressed data: where it starts in the zip, and its length */
  dataOffset: number;
  compressedSize: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const MAX_32 = 0xffffffff;
// the end record (22 bytes) and a comment of at most 65,535 bytes, as far back as fflate looks
const TAIL = 65_558 + 22;

// little-endian integers; a byte past the end reads as 0 (undefined in a bitwise operation)
const u8 = (d: Uint8Array, b: number) => d[b] as number;
const b2 = (d: Uint8Array, b: number) => u8(d, b) | (u8(d, b + 1) << 8);
const b4 = (d: Uint8Array, b: number) =>
  (u8(d, b) | (u8(d, b + 1) << 8) | (u8(d, b + 2) << 16) | (u8(d, b + 3) << 24)) >>> 0;
const b8 = (d: Uint8Array, b: number) => b4(d, b) + b4(d, b + 4) * 2 ** 32;
const utf8 = new TextDecoder("utf-8");
const latin1 = new TextDecoder("latin1");

function unreadable(reason: string): never {
  throw new PackUnreadableError(`not a readable zip: ${reason}`);
}

export async function readZipDirectory(size: number, readAt: ReadAt): Promise<ZipMember[]> {
  if (size < 22) unreadable("too short for a zip's end record");
  const tailStart = Math.max(0, size - TAIL);
  const tail = await readAt(tailStart, size - tailStart);
  let e = tail.length - 22;
  while (b4(tail, e) !== EOCD) {
    if (e === 0 || tail.length - e > 65_558) unreadable("no end of central directory record");
    e--;
  }
  let count = b2(tail, e + 10);
  if (count === 0) return [];
  let offset = b4(tail, e + 16);
  let directoryEnd = tailStart + e;
  if (e >= 20 && b4(tail, e - 20) === ZIP64_LOCATOR) {
    const at = b8(tail, e - 12);
    const record = await readAt(at, 56);
    if (record.length === 56 && b4(record, 0) === ZIP64_EOCD) {
      count = b8(record, 32);
      offset = b8(record, 48);
      directoryEnd = at;
    }
  }
  if (offset > directoryEnd) unreadable("the central directory starts after its end");
  const directory = await readAt(offset, directoryEnd - offset);
  const members: ZipMember[] = [];
  let b = 0;
  for (let i = 0; i < count; i++) {
    if (b + 46 > directory.length || b4(directory, b) !== CENTRAL)
      unreadable(`central directory entry ${i + 1} is cut short or malformed`);
    const nameLength = b2(directory, b + 28);
    const extraLength = b2(directory, b + 30);
    const nameBytes = directory.subarray(b + 46, b + 46 + nameLength);
    const name = (b2(directory, b + 8) & 0x800 ? utf8 : latin1).decode(nameBytes);
    const sizes = zip64Sizes(
      directory.subarray(b + 46 + nameLength, b + 46 + nameLength + extraLength),
      b4(directory, b + 20),
      b4(directory, b + 24),
      b4(directory, b + 42),
    );
    const local = await readAt(sizes.localOffset, 30);
    if (local.length < 30) unreadable(`the local header of ${name} is past the end`);
    members.push({
      name,
      method: b2(directory, b + 10),
      dataOffset: sizes.localOffset + 30 + b2(local, 26) + b2(local, 28),
      compressedSize: sizes.compressed,
    });
    b += 46 + nameLength + extraLength + b2(directory, b + 32);
  }
  return members;
}

/** The sizes and offset of a member, from its zip64 extra field where they did not fit 32 bits. */
function zip64Sizes(extra: Uint8Array, compressed: number, uncompressed: number, localOffset: number) {
  const wide = [uncompressed, compressed, localOffset].map((v) => v === MAX_32);
  if (!wide.some(Boolean)) return { compressed, localOffset };
  for (let b = 0; b + 4 <= extra.length; b += 4 + b2(extra, b + 2)) {
    if (b2(extra, b) !== 1) continue;
    // the extra field holds, in this order, only the values that did not fit
    let at = b + 4;
    const next = () => {
      const v = b8(extra, at);
      at += 8;
      return v;
    };
    if (wide[0]) next();
    const c = wide[1] ? next() : compressed;
    const o = wide[2] ? next() : localOffset;
    return { compressed: c, localOffset: o };
  }
  return unreadable("a zip64 size without its zip64 extra field");
}
