// The lines of an NDJSON file of the pack, parsed one at a time: a line that is not JSON fails
// `json` naming it. The last line ends with "\n" like every other; blank lines are not allowed.
import { failAt } from "./pack-failure";
import type { PackFileSource } from "./pack-source";

const utf8 = new TextDecoder("utf-8", { fatal: true });
const NEWLINE = 0x0a;

export function* ndjsonRecords(file: string, bytes: Uint8Array): Generator<{ line: number; value: unknown }> {
  if (bytes.length === 0) return;
  if (bytes[bytes.length - 1] !== NEWLINE)
    failAt(file, null, "json", "the last line does not end with a newline");
  // line by line from the bytes: a pack's entries can be hundreds of MiB, never one string
  let start = 0;
  let line = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(NEWLINE, start);
    line++;
    const value = parseLine(file, line, bytes.subarray(start, end));
    start = end + 1;
    yield { line, value };
  }
}

/**
 * The same records from a file read as a stream (pack-source.ts): the same checks in the same
 * order (the last byte is known before the first line is read), holding one line at a time.
 */
export async function* ndjsonRecordsOf(
  file: string,
  source: PackFileSource,
): AsyncGenerator<{ line: number; value: unknown }> {
  if (source.bytes === 0) return;
  if (source.lastByte !== NEWLINE) failAt(file, null, "json", "the last line does not end with a newline");
  // a line split across chunks: its pieces, joined once its newline comes
  let pieces: Uint8Array[] = [];
  let line = 0;
  for await (const chunk of source.chunks()) {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(NEWLINE, start);
      if (end < 0) {
        if (start < chunk.length) pieces.push(chunk.subarray(start));
        break;
      }
      let bytes = chunk.subarray(start, end);
      if (pieces.length > 0) {
        bytes = Buffer.concat([...pieces, bytes]);
        pieces = [];
      }
      line++;
      const value = parseLine(file, line, bytes);
      start = end + 1;
      yield { line, value };
    }
  }
}

function parseLine(file: string, line: number, bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch (error) {
    return failAt(file, line, "json", `not a UTF-8 JSON line: ${(error as Error).message}`);
  }
}

export function parseJsonFile(file: string, bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch (error) {
    return failAt(file, null, "json", `not JSON: ${(error as Error).message}`);
  }
}
