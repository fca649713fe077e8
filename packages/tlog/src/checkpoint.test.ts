import { fromBase64 } from "./bytes";
import { formatCheckpoint, MAX_CHECKPOINT_EXTENSIONS, parseCheckpoint } from "./checkpoint";

// tlog-checkpoint's example text
const EXAMPLE = "example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n";
const ROOT = "CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=";
const malformed = expect.objectContaining({ reason: "malformed" });

describe("checkpoint text", () => {
  it("reads tlog-checkpoint's example and writes it back", () => {
    const checkpoint = parseCheckpoint(EXAMPLE);
    expect(checkpoint).toEqual({
      origin: "example.com/behind-the-sofa",
      size: 20852163,
      rootHash: fromBase64(ROOT, "root"),
      extensions: [],
    });
    expect(formatCheckpoint(checkpoint)).toBe(EXAMPLE);
  });

  it("keeps extension lines, opaque, and an empty tree's size 0", () => {
    const text = `o\n0\n${ROOT}\next one\n— not a signature, an extension\n`;
    expect(parseCheckpoint(text).extensions).toEqual(["ext one", "— not a signature, an extension"]);
    expect(formatCheckpoint(parseCheckpoint(text))).toBe(text);
    expect(parseCheckpoint(`o\n9007199254740991\n${ROOT}\n`).size).toBe(2 ** 53 - 1);
  });

  it.each([
    ["two lines", `o\n1\n`],
    ["an empty origin", `\n1\n${ROOT}\n`],
    ["a size with a leading zero", `o\n01\n${ROOT}\n`],
    ["a negative size", `o\n-1\n${ROOT}\n`],
    ["a size with a plus", `o\n+1\n${ROOT}\n`],
    ["a size in hex", `o\n0x10\n${ROOT}\n`],
    ["a size with a space", `o\n1 \n${ROOT}\n`],
    ["a size above 2^53 − 1", `o\n9007199254740992\n${ROOT}\n`],
    ["a size of 400 digits", `o\n${"9".repeat(400)}\n${ROOT}\n`],
    ["a 31-byte root", `o\n1\n${"A".repeat(40)}AA==\n`],
    ["a root hash in hex", `o\n1\n${"ab".repeat(32)}\n`],
    ["a root hash without padding", `o\n1\n${ROOT.slice(0, -1)}\n`],
    ["an empty extension line", `o\n1\n${ROOT}\n\nx\n`],
    ["no final newline", `o\n1\n${ROOT}`],
  ])("refuses a checkpoint with %s", (_, text) => {
    expect(() => parseCheckpoint(text)).toThrow(malformed);
  });

  it("refuses a flood of extension lines", () => {
    const text = `o\n1\n${ROOT}\n${"e\n".repeat(MAX_CHECKPOINT_EXTENSIONS + 1)}`;
    expect(() => parseCheckpoint(text)).toThrow(expect.objectContaining({ reason: "too_large" }));
  });

  it("writes only what it would read", () => {
    const root = fromBase64(ROOT, "root");
    expect(() => formatCheckpoint({ origin: "a\nb", size: 1, rootHash: root, extensions: [] })).toThrow(
      /origin/,
    );
    expect(() => formatCheckpoint({ origin: "o", size: -1, rootHash: root, extensions: [] })).toThrow(
      /tree size/,
    );
    expect(() =>
      formatCheckpoint({ origin: "o", size: 1, rootHash: root.subarray(1), extensions: [] }),
    ).toThrow(/32 bytes/);
    expect(() => formatCheckpoint({ origin: "o", size: 1, rootHash: root, extensions: [""] })).toThrow(
      /extension/,
    );
    expect(() => formatCheckpoint({ origin: "o\u0001", size: 1, rootHash: root, extensions: [] })).toThrow(
      /control character/,
    );
  });
});
