import { gzipSync } from "node:zlib";
import { tapBody } from "./body-tap";
import { JsonLineTap } from "./json-lines";
import { SseTap } from "./sse-tap";

const collect = () => {
  const messages: unknown[] = [];
  const invalid: string[] = [];
  return {
    messages,
    invalid,
    onMessage: (m: unknown) => messages.push(m),
    onInvalid: (r: string) => invalid.push(r),
  };
};

describe("JsonLineTap (stdio framing)", () => {
  it("reads lines split anywhere, CRLF too, a multi-byte character cut in two included", () => {
    const c = collect();
    const tap = new JsonLineTap(c.onMessage, c.onInvalid);
    const bytes = Buffer.from('{"a":"é€"}\r\n{"b":2}\n\n{"c":', "utf8");
    // every byte its own chunk: the cut falls inside "é" and "€"
    for (const byte of bytes) tap.push(Buffer.from([byte]));
    tap.push(Buffer.from("3}\n"));
    expect(c.messages).toEqual([{ a: "é€" }, { b: 2 }, { c: 3 }]);
    expect(c.invalid).toEqual([]);
  });

  it("a line that is not JSON is reported and the next one still read", () => {
    const c = collect();
    const tap = new JsonLineTap(c.onMessage, c.onInvalid);
    tap.push(Buffer.from('Starting server...\n{"ok":true}\n'));
    expect(c.messages).toEqual([{ ok: true }]);
    expect(c.invalid).toEqual([expect.stringMatching(/^a line that is not JSON/)]);
  });
});

describe("SseTap (streamable HTTP answers)", () => {
  it("joins an event's data lines, skips comments, priming events and other fields", () => {
    const c = collect();
    const tap = new SseTap(c.onMessage, c.onInvalid);
    const stream =
      ': keep-alive\r\nid: 1\r\ndata:\r\n\r\nevent: message\nid: 2\ndata: {"a":\ndata: 1}\n\nretry: 10\ndata: {"b":"ü"}\r\n\r\n';
    const bytes = Buffer.from(stream, "utf8");
    for (const byte of bytes) tap.push(Buffer.from([byte]));
    expect(c.messages).toEqual([{ a: 1 }, { b: "ü" }]);
    expect(c.invalid).toEqual([]);
  });
});

describe("tapBody", () => {
  it("reads a JSON body (a batch too) once it has ended, a gzip one decompressed", async () => {
    const c = collect();
    const json = tapBody({ "content-type": "application/json; charset=utf-8" }, c.onMessage, c.onInvalid);
    json?.push(Buffer.from('[{"id":1},'));
    json?.push(Buffer.from('{"id":2}]'));
    expect(c.messages).toEqual([]);
    json?.end();
    expect(c.messages).toEqual([[{ id: 1 }, { id: 2 }]]);

    // decompressed on zlib's thread: the message comes a little later
    const unzipped = new Promise<unknown>((resolve, reject) => {
      const zipped = tapBody(
        { "content-type": "application/json", "content-encoding": "gzip" },
        resolve,
        reject,
      );
      zipped?.push(gzipSync(Buffer.from('{"id":3}')));
      zipped?.end();
    });
    expect(await unzipped).toEqual({ id: 3 });
  });

  it("leaves other content types alone (nothing to read)", () => {
    const c = collect();
    expect(tapBody({ "content-type": "text/html" }, c.onMessage, c.onInvalid)).toBeUndefined();
    expect(tapBody({}, c.onMessage, c.onInvalid)).toBeUndefined();
  });
});
