import { formatSignedNote, parseSignedNote, signatureLine } from "./signed-note";

const GO_NOTE =
  "If you think cryptography is the answer to your problem,\n" +
  "then you don't know what your problem is.\n" +
  "\n" +
  "— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n";
const SIG =
  "— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n";
const malformed = expect.objectContaining({ reason: "malformed" });

describe("signed-note form", () => {
  it("splits Go's example note into its text and signature, and writes it back", () => {
    const note = parseSignedNote(GO_NOTE);
    expect(note.text).toBe(
      "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n",
    );
    expect(note.signatures).toHaveLength(1);
    expect(note.signatures[0]).toMatchObject({ name: "PeterNeumann", keyId: 0xc74f20a3 });
    expect(note.signatures[0]?.signature).toHaveLength(64);
    expect(formatSignedNote(note)).toBe(GO_NOTE);
    expect(signatureLine(note.signatures[0] as never)).toBe(SIG);
  });

  it("reads bytes as well as text, and the text may hold blank lines (the last one splits)", () => {
    const note = parseSignedNote(Buffer.from(`a\n\nb\n\n${SIG}`));
    expect(note.text).toBe("a\n\nb\n");
    // as in Go's note.Open: a blank line among signature lines makes those above it text
    expect(parseSignedNote(`x\n\n${SIG}\n${SIG}`).text).toBe(`x\n\n${SIG}`);
  });

  it("keeps an identical signature line once", () => {
    expect(parseSignedNote(`x\n\n${SIG}${SIG}`).signatures).toHaveLength(1);
  });

  it.each([
    ["no blank line", `x\n${SIG}`],
    ["no signature", "x\n\n"],
    ["a signature block without its final newline", `x\n\n${SIG.slice(0, -1)}`],
    ["a hyphen for the em dash", `x\n\n- ${SIG.slice(2)}`],
    ["an en dash", `x\n\n\u2013 ${SIG.slice(2)}`],
    ["a key name with a plus", `x\n\n— Peter+Neumann ${SIG.split(" ")[2]}`],
    ["no base64", "x\n\n— PeterNeumann\n"],
    ["base64 that is too short", "x\n\n— PeterNeumann AAAAAA==\n"],
    ["base64 without padding", "x\n\n— PeterNeumann AAAAAAA\n"],
    ["two spaces", `x\n\n— PeterNeumann  ${SIG.split(" ")[2]}`],
    ["a carriage return", `x\r\n\n${SIG}`],
    ["a tab", `x\ty\n\n${SIG}`],
    ["a NUL", `x\u0000\n\n${SIG}`],
    ["a lone surrogate", `x\ud800\n\n${SIG}`],
  ])("refuses a note with %s", (_, msg) => {
    expect(() => parseSignedNote(msg)).toThrow(malformed);
  });

  it("refuses bytes that are not UTF-8, with the decoder's error as cause", () => {
    const bytes = Buffer.concat([Buffer.from("x"), Buffer.from([0xff]), Buffer.from(`\n\n${SIG}`)]);
    let error: unknown;
    try {
      parseSignedNote(bytes);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ reason: "malformed", shortMessage: "note is not valid UTF-8" });
    expect((error as Error).cause).toMatchObject({ name: "TypeError" });
  });

  it("holds its limits: size before decoding, then the number of signature lines", () => {
    const big = `${"x".repeat(70 * 1024)}\n\n${SIG}`;
    expect(() => parseSignedNote(big)).toThrow(expect.objectContaining({ reason: "too_large" }));
    expect(() => parseSignedNote(big, { maxBytes: 100 * 1024, maxSignatures: 100 })).not.toThrow();
    const many = `x\n\n${SIG.repeat(101)}`;
    expect(() => parseSignedNote(many)).toThrow(expect.objectContaining({ reason: "too_large" }));
    expect(() =>
      parseSignedNote(`x\n\n${SIG.repeat(16)}`, { maxBytes: 4096, maxSignatures: 16 }),
    ).not.toThrow();
  });

  it("writes only texts that end in a newline, with at least one signature", () => {
    const signatures = parseSignedNote(GO_NOTE).signatures;
    expect(() => formatSignedNote({ text: "x", signatures })).toThrow(malformed);
    expect(() => formatSignedNote({ text: "x\n", signatures: [] })).toThrow(
      expect.objectContaining({ reason: "invalid_argument" }),
    );
  });
});
