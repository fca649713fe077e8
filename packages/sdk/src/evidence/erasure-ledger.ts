// erasures.ndjson against the entries: every erased entry has its one erasure record, and every
// record is of an erased entry of the pack.
import { isHash32, isIsoMs } from "./manifest";
import { ndjsonRecords } from "./ndjson-lines";
import { failAt } from "./pack-failure";
import type { ErasureRecord } from "./pack-format";

const FILE = "erasures.ndjson";

export class ErasureLedger {
  private readonly byContext = new Map<string, { record: ErasureRecord; line: number; used: boolean }>();

  constructor(bytes: Uint8Array) {
    for (const { line, value } of ndjsonRecords(FILE, bytes)) {
      const r = value as ErasureRecord;
      const ok =
        typeof r === "object" &&
        r !== null &&
        typeof r.context_id === "string" &&
        Number.isSafeInteger(r.sequence) &&
        isHash32(r.context_hash) &&
        isIsoMs(r.erased_at) &&
        typeof r.erased_by === "string" &&
        r.erased_by !== "" &&
        (r.reason === null || typeof r.reason === "string");
      if (!ok)
        failAt(
          FILE,
          line,
          "erasure",
          "must be {context_id, sequence, context_hash, erased_at, erased_by, reason}",
        );
      if (this.byContext.has(r.context_id))
        failAt(FILE, line, "erasure", `a second record for ${r.context_id}`);
      this.byContext.set(r.context_id, { record: r, line, used: false });
    }
  }

  get size(): number {
    return this.byContext.size;
  }

  /** Checks an entry of entries.ndjson (at `line`) against its record, if any. */
  entry(
    e: { context_id: string; sequence: number; context_hash: string; data_erased_at?: string },
    erased: boolean,
    line: number,
  ) {
    const found = this.byContext.get(e.context_id);
    if (!erased) {
      if (found)
        failAt(
          FILE,
          found.line,
          "erasure",
          `records an erasure of ${e.context_id}, whose data the pack holds`,
        );
      return;
    }
    if (!found)
      return failAt(
        "entries.ndjson",
        line,
        "erasure",
        `entry ${e.sequence} is erased, and erasures.ndjson has no record of it`,
      );
    const r = found.record;
    if (
      r.sequence !== e.sequence ||
      r.context_hash.toLowerCase() !== e.context_hash.toLowerCase() ||
      r.erased_at !== e.data_erased_at
    )
      failAt(
        FILE,
        found.line,
        "erasure",
        `does not match entry ${e.sequence} (sequence, context_hash and erased_at must be the entry's)`,
      );
    found.used = true;
  }

  /** After the last entry: a record of no entry of the pack is a failure. */
  allUsed() {
    for (const [id, { line, used }] of this.byContext) {
      if (!used) failAt(FILE, line, "erasure", `records an erasure of ${id}, which is no entry of the pack`);
    }
  }
}
