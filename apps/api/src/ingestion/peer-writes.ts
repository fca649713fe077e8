import { rmSync } from "node:fs";
import net from "node:net";
import v8 from "node:v8";
import { AppError, isAppError, isHttpErrorCode, type NewContext } from "@ctxlog/core";
import type { Context } from "@ctxlog/db";

/**
 * Hands a context to the API process of this host that writes its agent log, over a Unix socket
 * between the processes of one cluster (API_PROCESSES > 1). Each frame is a 4-byte length and a
 * V8-serialized message (structured clone: Dates and JSON objects cross as they are).
 *
 * Correctness never depends on it: every process can write every log (the write checks the head
 * in PostgreSQL). It only keeps each log's writes in one process, where the head is remembered.
 * So a peer that cannot be reached (not started yet, restarting) means "write it here"; only a
 * peer that took the context and then went away leaves the outcome unknown, which is answered
 * 503 like any request whose process died.
 */

interface WriteRequest {
  id: number;
  row: NewContext;
}
interface WriteReply {
  id: number;
  stored?: Context;
  error?: { code: string; message: string };
}

/** The path of process `index`'s socket in the cluster `clusterId` (the primary's pid). */
export function peerSocketPath(dir: string, clusterId: string, index: number): string {
  return `${dir}/ctxlog-api-${clusterId}-${index}.sock`;
}

function frame(message: WriteRequest | WriteReply): Buffer {
  const body = v8.serialize(message);
  const head = Buffer.allocUnsafe(4);
  head.writeUInt32BE(body.length, 0);
  return Buffer.concat([head, body]);
}

/**
 * Frames written to a socket in one turn of the event loop leave in one write: under load many
 * contexts cross at once, and a syscall per context would cost more than the context's own work.
 */
function frameWriter(socket: net.Socket): (message: WriteRequest | WriteReply) => void {
  let queued: Buffer[] = [];
  const flush = () => {
    const frames = queued;
    queued = [];
    if (socket.writable) socket.write(frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames));
  };
  return (message) => {
    if (queued.push(frame(message)) === 1) setImmediate(flush);
  };
}

/** Calls `onMessage` for each whole frame that arrives on `socket`. */
function readFrames<T>(socket: net.Socket, onMessage: (message: T) => void): void {
  let buffered: Buffer = Buffer.alloc(0);
  socket.on("data", (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    while (buffered.length >= 4) {
      const length = buffered.readUInt32BE(0);
      if (buffered.length < 4 + length) break;
      const message = v8.deserialize(buffered.subarray(4, 4 + length)) as T;
      buffered = buffered.subarray(4 + length);
      onMessage(message);
    }
  });
}

/**
 * Serves this process's share of the logs to its peers: each context that arrives is written by
 * `write` (this process's own writer, which never forwards again) and answered as stored.
 */
export function servePeerWrites(
  path: string,
  write: (row: NewContext) => Promise<Context>,
): Promise<{ close: () => Promise<void> }> {
  rmSync(path, { force: true }); // left by a process of this index that died
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {}); // the peer went away: its pending answers go nowhere
    const send = frameWriter(socket);
    readFrames<WriteRequest>(socket, ({ id, row }) => {
      write(row).then(
        (stored) => send({ id, stored }),
        (err: unknown) =>
          send({
            id,
            error: isAppError(err)
              ? { code: err.code, message: err.message }
              : { code: "INTERNAL", message: err instanceof Error ? err.message : String(err) },
          }),
      );
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve({
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.end();
            server.close(() => done());
          }),
      });
    });
  });
}

interface Pending {
  resolve: (stored: Context) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** After a failed connection, the peer is not tried again for this long (its contexts are written here). */
const RETRY_CONNECT_AFTER_MS = 1_000;

/** One connection to one peer, opened on first use and again after it closes. */
class PeerConnection {
  private socket: net.Socket | null = null;
  private send: ((message: WriteRequest) => void) | null = null;
  private ready: Promise<net.Socket | null> | null = null;
  private unreachableUntil = 0;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly path: string,
    private readonly timeoutMs: number,
  ) {}

  /** The row as the peer stored it, or null when the peer cannot be reached (nothing was sent). */
  async write(row: NewContext): Promise<Context | null> {
    const socket = await this.connect();
    if (!socket?.writable) return null;
    const id = this.nextId++;
    return new Promise<Context>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(unknownOutcome("did not answer in time"));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.send?.({ id, row });
    });
  }

  close(): void {
    this.socket?.destroy();
  }

  private connect(): Promise<net.Socket | null> {
    if (this.ready) return this.ready;
    if (Date.now() < this.unreachableUntil) return Promise.resolve(null);
    this.ready = new Promise((resolve) => {
      const socket = net.createConnection(this.path);
      socket.once("connect", () => {
        this.socket = socket;
        this.send = frameWriter(socket);
        resolve(socket);
      });
      socket.on("error", () => {}); // "close" follows and settles everything
      socket.once("close", () => {
        if (this.socket !== socket) {
          // never connected: the peer is not there (yet); write its contexts here for a while
          this.unreachableUntil = Date.now() + RETRY_CONNECT_AFTER_MS;
          resolve(null);
        }
        this.socket = null;
        this.send = null;
        this.ready = null;
        for (const [id, p] of this.pending) {
          clearTimeout(p.timer);
          this.pending.delete(id);
          p.reject(unknownOutcome("went away"));
        }
      });
      readFrames<WriteReply>(socket, (reply) => this.settle(reply));
    });
    return this.ready;
  }

  private settle({ id, stored, error }: WriteReply): void {
    const p = this.pending.get(id);
    if (!p) return; // timed out already
    this.pending.delete(id);
    clearTimeout(p.timer);
    if (stored) p.resolve(stored);
    else if (error && isHttpErrorCode(error.code)) p.reject(new AppError(error.code, error.message));
    else
      p.reject(new Error(`the peer process failed to write the context: ${error?.message ?? "no answer"}`));
  }
}

function unknownOutcome(what: string): AppError {
  return new AppError(
    "SERVICE_UNAVAILABLE",
    `The API process writing this agent's log ${what}; retry with backoff (an Idempotency-Key makes the retry safe).`,
  );
}

/** Connections to every other process of the cluster, by index. */
export class PeerWriters {
  private readonly peers = new Map<number, PeerConnection>();

  constructor(
    private readonly pathOf: (index: number) => string,
    private readonly timeoutMs = 30_000,
  ) {}

  /** The row as process `index` stored it, or null when it cannot be reached (write it here). */
  write(index: number, row: NewContext): Promise<Context | null> {
    let peer = this.peers.get(index);
    if (!peer) {
      peer = new PeerConnection(this.pathOf(index), this.timeoutMs);
      this.peers.set(index, peer);
    }
    return peer.write(row);
  }

  close(): void {
    for (const peer of this.peers.values()) peer.close();
  }
}
