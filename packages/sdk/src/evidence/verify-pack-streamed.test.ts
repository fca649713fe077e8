// verifyPack given the zip itself (its path, or its bytes) reads entries.ndjson as a stream: the
// same result as from readPackZip's files for every shared vector, the same "cannot read" for a
// zip that is none, and memory that does not grow with the file (measured on a 96 MiB entries file).

import { once } from "node:events";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Zip, ZipDeflate } from "fflate";
import { ndjsonRecordsOf } from "./ndjson-lines";
import { openPackZip } from "./pack-source";
import { PackUnreadableError } from "./pack-unreadable";
import { readPackZip } from "./read-zip";
import { verifyPack } from "./verify-pack";

const vectors = path.join(__dirname, "../../../../test-vectors/evidence");
const { cases } = JSON.parse(readFileSync(path.join(vectors, "cases.json"), "utf8")) as {
  cases: { name: string; file: string }[];
};
const MiB = 1024 * 1024;

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "ctxlog-pack-stream-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("verifyPack from a zip's path or bytes", () => {
  it.each(cases.map((c) => [c.name, c.file] as const))(
    "%s: the same result as from its files",
    async (_, file) => {
      const zipPath = path.join(vectors, file);
      const bytes = readFileSync(zipPath);
      const fromFiles = await verifyPack(readPackZip(bytes));
      expect(await verifyPack(zipPath)).toEqual(fromFiles);
      expect(await verifyPack(new Uint8Array(bytes))).toEqual(fromFiles);
    },
  );

  it("keeps entries.ndjson out of memory and every other file whole", async () => {
    const pack = await openPackZip(path.join(vectors, "valid.zip"));
    try {
      expect(() => pack.files.get("entries.ndjson")?.whole()).toThrow(/streamed/);
      expect(pack.files.get("anchors.json")?.whole().length).toBeGreaterThan(0);
    } finally {
      await pack.close();
    }
  });

  it("throws PackUnreadableError for a file that is no zip, and for a member that does not inflate", async () => {
    const notZip = path.join(scratch, "not.zip");
    writeFileSync(notZip, "not a zip");
    await expect(verifyPack(notZip)).rejects.toBeInstanceOf(PackUnreadableError);
    await expect(verifyPack(path.join(scratch, "absent.zip"))).rejects.toBeInstanceOf(PackUnreadableError);

    // valid.zip with the middle of its largest member's deflate data overwritten
    const broken = new Uint8Array(readFileSync(path.join(vectors, "valid.zip")));
    broken.fill(0xff, 200, 1200);
    expect(() => readPackZip(broken)).toThrow(); // the in-memory reader refuses it too
    await expect(verifyPack(broken)).rejects.toBeInstanceOf(PackUnreadableError);
  });

  it("reads a 96 MiB entries.ndjson line by line with RSS growth under 48 MiB", async () => {
    const zipPath = path.join(scratch, "big.zip");
    const line = `${JSON.stringify({ sequence: 0, data: "entry ".repeat(170) })}\n`;
    const lines = Math.ceil((96 * MiB) / line.length);
    await writeZip(zipPath, "entries.ndjson", line, lines);

    const pack = await openPackZip(zipPath);
    try {
      const entries = pack.files.get("entries.ndjson");
      if (!entries) throw new Error("no entries.ndjson");
      expect(entries.bytes).toBe(lines * line.length);
      const before = process.memoryUsage().rss;
      let peak = before;
      let count = 0;
      for await (const { value } of ndjsonRecordsOf("entries.ndjson", entries)) {
        if ((value as { sequence: number }).sequence !== 0) throw new Error("a line read wrong");
        if (++count % 1_000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
      }
      expect(count).toBe(lines);
      expect((peak - before) / MiB).toBeLessThan(48);
    } finally {
      await pack.close();
    }
  }, 120_000);
});

/** A zip of one member, `line` repeated `count` times, deflated as it is written (fflate's Zip). */
async function writeZip(file: string, name: string, line: string, count: number) {
  const out = createWriteStream(file);
  const zip = new Zip((error, chunk, final) => {
    if (error) throw error;
    out.write(chunk);
    if (final) out.end();
  });
  const member = new ZipDeflate(name, { level: 1 });
  zip.add(member);
  const block = new TextEncoder().encode(line.repeat(1_000));
  for (let written = 0; written < count; written += 1_000) {
    const n = Math.min(1_000, count - written);
    member.push(n === 1_000 ? block : block.subarray(0, n * line.length), written + n >= count);
    if (out.writableNeedDrain) await once(out, "drain");
  }
  zip.end();
  await once(out, "finish");
}
