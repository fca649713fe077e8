// Test-only: a JSON-RPC HTTP proxy in front of a real node that answers the methods it is told to
// fail with a JSON-RPC error (as a flaky load balancer or an overloaded node does) and passes every
// other call, single or batched, through unchanged.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

interface RpcRequest {
  jsonrpc: string;
  id: unknown;
  method: string;
}

export interface FlakyRpcProxy {
  url: string;
  /** From now on, calls to these methods get an error instead of the node's answer. */
  fail(methods: readonly string[]): void;
  /** Calls answered with an error so far, by method. */
  readonly failed: Map<string, number>;
  close(): Promise<void>;
}

export async function startFlakyRpcProxy(upstreamUrl: string): Promise<FlakyRpcProxy> {
  let failing = new Set<string>();
  const failed = new Map<string, number>();

  const server = createServer((req, res) => {
    readBody(req)
      .then(async (body) => {
        const parsed = JSON.parse(body) as RpcRequest | RpcRequest[];
        const upstream = await fetch(upstreamUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        const answer = (await upstream.json()) as { id: unknown }[] | { id: unknown };
        const requests = Array.isArray(parsed) ? parsed : [parsed];
        const answers = Array.isArray(answer) ? answer : [answer];
        // the node ran the failing calls too: harmless for reads, and the caller sees only the error
        const byId = new Map(requests.map((r) => [JSON.stringify(r.id), r.method]));
        const replaced = answers.map((a) => {
          const method = byId.get(JSON.stringify(a.id));
          if (method === undefined || !failing.has(method)) return a;
          failed.set(method, (failed.get(method) ?? 0) + 1);
          return {
            jsonrpc: "2.0",
            id: a.id,
            error: { code: -32603, message: `proxy: ${method} failed (internal error)` },
          };
        });
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(Array.isArray(answer) ? replaced : replaced[0]));
      })
      .catch((error: unknown) => {
        res.statusCode = 502;
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fail(methods) {
      failing = new Set(methods);
    },
    failed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
