import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { ZipFile } from "yazl";

/** A file of the pack as written: the SHA-256 (lowercase hex) and size of its bytes in the zip. */
export interface WrittenFile {
  sha256: string;
  bytes: number;
}

/** One file being streamed into the zip: written chunk by chunk, hashed as it goes. */
export interface PackFileWriter {
  /** Resolves once the zip can take more (backpressure from the client's socket). */
  write(chunk: Buffer | string): Promise<void>;
  end(): Promise<WrittenFile>;
}

/**
 * An evidence pack's zip streamed with yazl (deflate, a data descriptor per file, ZIP64 when
 * needed): files go in one after another, each through a PassThrough that yazl drains only as fast
 * as `output` is read, so memory holds a chunk or so per file whatever the pack's size. Each file's
 * SHA-256 is computed over the bytes handed to the zip, which is what the manifest signs.
 */
export class PackZip {
  private readonly zip = new ZipFile();
  readonly output: NodeJS.ReadableStream = this.zip.outputStream;
  private readonly mtime = new Date();
  /** the file being written: destroyed with the zip, so a write waiting for room returns */
  private current: PassThrough | null = null;

  file(name: string): PackFileWriter {
    const input = new PassThrough();
    this.current = input;
    this.zip.addReadStream(input, name, { mtime: this.mtime, compress: true });
    const hash = createHash("sha256");
    let bytes = 0;
    return {
      write(chunk) {
        const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        hash.update(buffer);
        bytes += buffer.length;
        if (input.write(buffer)) return Promise.resolve();
        return new Promise((resolve, reject) => {
          const done = (err?: Error) => {
            input.off("drain", done);
            input.off("close", done);
            input.off("error", done);
            if (err instanceof Error) reject(err);
            else resolve();
          };
          input.once("drain", done);
          input.once("close", done);
          input.once("error", done);
        });
      },
      end() {
        input.end();
        return Promise.resolve({ sha256: hash.digest("hex"), bytes });
      },
    };
  }

  /** A small file written at once. */
  async add(name: string, content: Buffer | string): Promise<WrittenFile> {
    const writer = this.file(name);
    await writer.write(content);
    return writer.end();
  }

  end(): void {
    this.zip.end();
  }

  /** Stops the zip (the client left, or a read failed): no more output. */
  destroy(): void {
    this.current?.destroy();
    (this.output as PassThrough).destroy?.();
  }
}
