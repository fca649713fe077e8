import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { waitFor } from "@ctxlog/core/testing";

export interface ReceivedRequest {
  /** Date.now() when the whole body had arrived */
  at: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** the raw body, exactly as received */
  body: string;
}

export type Reply =
  | number
  | {
      status: number;
      delayMs?: number;
      /** answer only once this settles (then after delayMs): the test decides when the attempt ends */
      until?: Promise<unknown>;
      headers?: Record<string, string>;
      /** default "ok" */
      body?: string;
    };

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** TCP connections accepted so far (the SSRF tests expect none) */
  connections(): number;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on loopback for tests: records every request (raw body, headers, arrival
 * time) and answers what `reply` says for the n-th request (0-based). `close` ends every
 * connection and pending reply, so jest can exit.
 */
export async function startReceiver(
  reply: (req: ReceivedRequest, n: number) => Reply = () => 200,
  opts: { host?: string } = {},
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const received: ReceivedRequest = {
        at: Date.now(),
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      const n = requests.length;
      requests.push(received);
      const r = reply(received, n);
      const {
        status,
        delayMs = 0,
        until,
        headers = {},
        body = "ok",
      } = typeof r === "number" ? { status: r } : r;
      const send = () => {
        if (!res.destroyed) res.writeHead(status, headers).end(body);
      };
      const later = () => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, delayMs);
        timers.add(timer);
      };
      if (until) until.then(later, later);
      else later();
    });
  });
  server.on("connection", () => {
    connections++;
  });
  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const hostInUrl = host.includes(":") ? `[${host}]` : host;

  return {
    url: `http://${hostInUrl}:${port}`,
    port,
    requests,
    connections: () => connections,
    async waitFor(count, timeoutMs = 10_000) {
      await waitFor(() => requests.length >= count, {
        timeout: timeoutMs,
        interval: 10,
        what: () => `${count} requests (the receiver got ${requests.length})`,
      });
      return requests.slice(0, count);
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
