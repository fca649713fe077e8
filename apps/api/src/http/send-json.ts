import type { Response } from "express";

/**
 * Answers with JSON text already written (see routes/contexts/context-json.ts): the status, the
 * headers res.json sets (Content-Type with its charset, Content-Length) and the text. res.send
 * would first copy a string answer into a new Buffer and hash all of it for an ETag, which is no
 * use on the answer to a POST.
 */
export function sendJsonText(res: Response, status: number, text: string): void {
  res.status(status);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}

// A batch's answer is ~2.3 KiB per context, 230 KiB for 100. Allocating that much per answer (a
// Buffer, or the flat string the socket would encode) costs more than writing it: on this
// project's machines, large allocations are fresh memory mappings whose page faults cost ~1 ms per
// 200 KiB. So answers are written into a few buffers reused from answer to answer.
const POOLED_BUFFER_BYTES = 2 * 1024 * 1024;
const MAX_POOLED_BUFFERS = 16;
const pooled: Buffer[] = [];

/**
 * JSON text written piece by piece as UTF-8 into a reused buffer, then sent (as sendJsonText
 * sends) straight from it. The buffer goes back to the pool once the answer is flushed to the
 * socket ('finish'); an answer cut short keeps its buffer, which the garbage collector then frees.
 */
export class JsonAnswer {
  private buffer = pooled.pop() ?? Buffer.allocUnsafe(POOLED_BUFFER_BYTES);
  private length = 0;

  write(text: string): void {
    // a UTF-16 code unit is at most 3 bytes of UTF-8, so this much room always takes all of text
    const room = this.length + text.length * 3;
    if (room > this.buffer.length) this.grow(room);
    this.length += this.buffer.write(text, this.length, "utf8");
  }

  send(res: Response, status: number): void {
    const buffer = this.buffer;
    res.status(status);
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Content-Length", this.length);
    if (buffer.length === POOLED_BUFFER_BYTES) {
      res.once("finish", () => {
        if (pooled.length < MAX_POOLED_BUFFERS) pooled.push(buffer);
      });
    }
    res.end(buffer.subarray(0, this.length));
  }

  private grow(atLeast: number) {
    const bigger = Buffer.allocUnsafe(Math.max(atLeast, this.buffer.length * 2));
    this.buffer.copy(bigger, 0, 0, this.length);
    if (this.buffer.length === POOLED_BUFFER_BYTES && pooled.length < MAX_POOLED_BUFFERS) {
      pooled.push(this.buffer);
    }
    this.buffer = bigger;
  }
}
