// Test-only (reached through `@ctxlog/jobs/testing`): a TCP proxy that plays a backing service
// that is alive but does not answer, the failure a dead server (ECONNREFUSED) does not exercise.
import net from "node:net";

export type StallMode = "forward" | "stall";

export interface StallProxy {
  /** 127.0.0.1 port clients should connect to */
  readonly port: number;
  readonly mode: StallMode;
  /**
   * "stall": connections are still accepted, and established ones stay open, but no byte moves in
   * either direction. Bytes are held, not lost (TCP retransmits, as a frozen server or a congested
   * path would): "forward" delivers what was held, in order, on connections still open.
   */
  setMode(mode: StallMode): void;
  /** `url` (postgresql://… or redis://…) with its host and port replaced by the proxy's */
  urlFor(url: string): string;
  close(): Promise<void>;
}

/** Starts a proxy to `target`, forwarding or already stalled. */
export async function startStallProxy(
  target: { host: string; port: number },
  mode: StallMode = "forward",
): Promise<StallProxy> {
  let current = mode;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    if (current === "stall") socket.pause();
  };
  // One direction: data and end-of-stream relayed by hand rather than with pipe(), whose flow
  // control would resume a socket the stall paused.
  const relay = (from: net.Socket, to: net.Socket) => {
    from.on("data", (chunk) => to.write(chunk));
    from.on("end", () => to.end());
    from.on("close", (hadError) => {
      if (hadError) to.destroy();
    });
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("stall proxy has no TCP address");
  const port = address.port;

  return {
    port,
    get mode() {
      return current;
    },
    setMode(next) {
      current = next;
      for (const socket of sockets) {
        if (next === "stall") socket.pause();
        else socket.resume();
      }
    },
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** host and port of a postgresql:// or redis:// URL (the default port of its scheme if absent) */
export function targetOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  const fallback = parsed.protocol.startsWith("redis") ? 6379 : 5432;
  return { host: parsed.hostname || "127.0.0.1", port: Number(parsed.port || fallback) };
}
