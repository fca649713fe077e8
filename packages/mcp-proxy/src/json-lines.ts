/** A line past this is not looked at (it is still forwarded whole): the tap's memory stays bounded. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

const NEWLINE = 0x0a;

/**
 * The stdio transport's framing (one JSON-RPC message a line, as the MCP SDK's ReadBuffer reads
 * it) over a copy of the stream: chunks in, each complete line's parsed JSON out. It only reads:
 * the bytes themselves are forwarded as they came. A line that is not JSON goes to `onInvalid`.
 */
export class JsonLineTap {
  private parts: Buffer[] = [];
  private partBytes = 0;
  private skipping = false;

  constructor(
    private readonly onMessage: (message: unknown) => void,
    private readonly onInvalid: (reason: string) => void = () => undefined,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, end);
      start = end + 1;
      if (this.skipping) {
        this.skipping = false;
        continue;
      }
      const line = this.parts.length === 0 ? piece : Buffer.concat([...this.parts, piece]);
      this.parts = [];
      this.partBytes = 0;
      this.parse(line);
    }
    if (start >= chunk.length || this.skipping) return;
    const rest = chunk.subarray(start);
    this.partBytes += rest.length;
    if (this.partBytes > MAX_LINE_BYTES) {
      this.parts = [];
      this.partBytes = 0;
      this.skipping = true;
      this.onInvalid(`a line of over ${MAX_LINE_BYTES} bytes, not read`);
      return;
    }
    // copied: the stream may reuse the chunk's memory once it has been written on
    this.parts.push(Buffer.from(rest));
  }

  private parse(line: Buffer): void {
    let text = line.toString("utf8");
    if (text.endsWith("\r")) text = text.slice(0, -1);
    if (text.trim() === "") return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (error) {
      this.onInvalid(`a line that is not JSON (${(error as Error).message})`);
      return;
    }
    this.onMessage(message);
  }
}
