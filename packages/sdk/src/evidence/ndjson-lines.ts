// The lines of an NDJSON file of the pack, parsed one at a time: a line that is not JSON fails
// `json` naming it. The last line ends with "\n" like every other; blank lines are not allowed.
import { failAt } from "./pack-failure";

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
    let value: unknown;
    try {
      value = JSON.parse(utf8.decode(bytes.subarray(start, end)));
    } catch (error) {
      failAt(file, line, "json", `not a UTF-8 JSON line: ${(error as Error).message}`);
    }
    start = end + 1;
    yield { line, value };
  }
}

export function parseJsonFile(file: string, bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch (error) {
    return failAt(file, null, "json", `not JSON: ${(error as Error).message}`);
  }
}
