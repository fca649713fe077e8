// Test-only (reached through `@ctxlog/jobs/testing`): a TCP proxy that plays a backing service
// that is alive but does not answer, the failure a dead server (ECONNREFUSED) does not exercise.
import net from "node:net";

/**
 * - "forward": bytes flow both ways.
 * - "stall": connections are still accepted and stay open, but no byte moves. Bytes are held, not
 *   lost (TCP retransmits, as with a frozen server or a congested path): back to "forward", what
 *   was held is delivered, in order.
 * - "blackhole": the same to the client, but the server side of every connection is gone (a
 *   partition the client never hears of): bytes are dropped, and those connections stay dead for
 *   good when forwarding resumes; only new ones work again.
 */
export type StallMode = "forward" | "stall" | "blackhole";

export interface StallProxy {
  /** 127.0.0.1 port clients should connect to */
  readonly port: number;
  readonly mode: StallMode;
  setMode(mode: StallMode): void;
  /** `url` (postgresql://… or redis://…) with its host and port replaced by the proxy's */
  urlFor(url: string): string;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
}

/** Starts a proxy to `target`, forwarding or already stalled. */
export async function startStallProxy(
  target: { host: string; port: number },
  mode: StallMode = "forward",
): Promise<StallProxy> {
  let current = mode;
  const pairs = new Set<Pair>();

  const sever = (pair: Pair) => {
    const upstream = pair.upstream;
    pair.upstream = null; // from now on the client's bytes go nowhere
    upstream?.destroy();
    pair.client.resume();
  };
  // Data and end-of-stream relayed by hand rather than with pipe(), whose flow control would
  // resume a socket the stall paused.
  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on("error", () => upstream.destroy());
    upstream.on("data", (chunk) => {
      if (pair.upstream === upstream) pair.client.write(chunk);
    });
    upstream.on("end", () => {
      if (pair.upstream === upstream) pair.client.end();
    });
    upstream.on("close", () => {
      if (pair.upstream === upstream) pair.client.destroy();
    });
    if (current === "stall") upstream.pause();
  };

  const server = net.createServer((client) => {
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    client.on("error", () => client.destroy());
    client.on("close", () => {
      pairs.delete(pair);
      pair.upstream?.destroy();
    });
    client.on("data", (chunk) => pair.upstream?.write(chunk));
    client.on("end", () => pair.upstream?.end());
    if (current === "blackhole") return; // accepted, never answered
    connectUpstream(pair);
    if (current === "stall") client.pause();
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
      for (const pair of pairs) {
        if (!pair.upstream) continue; // severed: dead for good
        if (next === "blackhole") sever(pair);
        else if (next === "stall") {
          pair.client.pause();
          pair.upstream.pause();
        } else {
          pair.client.resume();
          pair.upstream.resume();
        }
      }
    },
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
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
