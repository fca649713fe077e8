import type { IncomingHttpHeaders } from "node:http";
import zlib from "node:zlib";
import { JsonLineTap, MAX_LINE_BYTES } from "./json-lines";
import { SseTap } from "./sse-tap";

/** Reads a copy of an HTTP body: push each chunk as it is forwarded, then end(). */
export interface BodyTap {
  push(chunk: Buffer): void;
  end(): void;
}

/** A JSON body (one message or a batch), parsed once it has all come. */
class JsonBodyTap implements BodyTap {
  private parts: Buffer[] = [];
  private bytes = 0;

  constructor(
    private readonly onMessage: (message: unknown) => void,
    private readonly onInvalid: (reason: string) => void,
  ) {}

  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes <= MAX_LINE_BYTES) this.parts.push(Buffer.from(chunk));
  }

  end(): void {
    if (this.bytes > MAX_LINE_BYTES) {
      this.onInvalid(`a body of over ${MAX_LINE_BYTES} bytes, not read`);
      return;
    }
    if (this.bytes === 0) return;
    // a JSON body is one JSON text: one line to the line tap, which parses it
    const tap = new JsonLineTap(this.onMessage, this.onInvalid);
    tap.push(Buffer.concat([...this.parts, Buffer.from("\n")]));
    this.parts = [];
  }
}

const decompressors: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
  gzip: () => zlib.createGunzip(),
  "x-gzip": () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** The tap for a body by its content-type, behind a decompressor when it is encoded. */
export function tapBody(
  headers: IncomingHttpHeaders,
  onMessage: (message: unknown) => void,
  onInvalid: (reason: string) => void,
): BodyTap | undefined {
  const type = (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  let inner: BodyTap;
  if (type === "application/json") inner = new JsonBodyTap(onMessage, onInvalid);
  else if (type === "text/event-stream") {
    const sse = new SseTap(onMessage, onInvalid);
    inner = { push: (chunk) => sse.push(chunk), end: () => sse.push(Buffer.from("\n\n")) };
  } else return undefined;
  const encoding = (headers["content-encoding"] ?? "identity").trim().toLowerCase();
  if (encoding === "identity") return inner;
  const make = decompressors[encoding];
  if (!make) {
    onInvalid(`a body in ${encoding}, which the proxy cannot read (forwarded as is)`);
    return undefined;
  }
  const decompress = make();
  decompress.on("data", (chunk: Buffer) => inner.push(chunk));
  decompress.on("end", () => inner.end());
  decompress.on("error", (error) =>
    onInvalid(`a ${encoding} body that does not decompress: ${error.message}`),
  );
  return { push: (chunk) => decompress.write(chunk), end: () => decompress.end() };
}
