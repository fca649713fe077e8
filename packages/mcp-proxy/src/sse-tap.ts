import { StringDecoder } from "node:string_decoder";
import { MAX_LINE_BYTES } from "./json-lines";

/**
 * Reads a copy of a text/event-stream (the streamable-HTTP transport's answers) as it comes: each
 * event's data lines, joined, parsed as JSON, to `onMessage`. Events without data (priming
 * events, comments) are skipped; an event whose data is not JSON goes to `onInvalid`.
 */
export class SseTap {
  private readonly decoder = new StringDecoder("utf8");
  private pending = "";
  private data: string[] = [];

  constructor(
    private readonly onMessage: (message: unknown) => void,
    private readonly onInvalid: (reason: string) => void = () => undefined,
  ) {}

  push(chunk: Buffer): void {
    this.pending += this.decoder.write(chunk);
    for (let nl = this.pending.search(/\r\n|\r|\n/); nl !== -1; nl = this.pending.search(/\r\n|\r|\n/)) {
      // a "\r" at the very end may be the first half of "\r\n": wait for the next chunk
      if (this.pending[nl] === "\r" && nl === this.pending.length - 1) break;
      const line = this.pending.slice(0, nl);
      this.pending = this.pending.slice(nl + (this.pending.startsWith("\r\n", nl) ? 2 : 1));
      this.line(line);
    }
    if (this.pending.length > MAX_LINE_BYTES) {
      this.pending = "";
      this.data = [];
      this.onInvalid(`a line of over ${MAX_LINE_BYTES} characters, not read`);
    }
  }

  private line(line: string): void {
    if (line === "") {
      this.dispatch();
      return;
    }
    if (line.startsWith(":")) return; // a comment (keep-alive)
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== "data") return; // event, id, retry: not the message
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    this.data.push(value);
  }

  private dispatch(): void {
    if (this.data.length === 0) return;
    const text = this.data.join("\n");
    this.data = [];
    if (text.trim() === "") return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (error) {
      this.onInvalid(`an event whose data is not JSON (${(error as Error).message})`);
      return;
    }
    this.onMessage(message);
  }
}
