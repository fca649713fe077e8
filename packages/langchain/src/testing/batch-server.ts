import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { CreateContextInput } from "@ctxlog/sdk";

/** A loopback stand-in for POST /v1/contexts/batch: keeps what it is sent, answers 202 with ids. */
export interface BatchServer {
  baseUrl: string;
  /** Every context received, in the order received. */
  contexts: CreateContextInput[];
  /** The Idempotency-Key of each request. */
  keys: string[];
  close(): Promise<void>;
}

export async function startBatchServer(): Promise<BatchServer> {
  const contexts: CreateContextInput[] = [];
  const keys: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/contexts/batch") {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { contexts: CreateContextInput[] };
      keys.push(String(req.headers["idempotency-key"]));
      const data = body.contexts.map((context) => {
        contexts.push(context);
        return { context_id: `ctx_${contexts.length}`, agent_id: context.agent_id, status: "pending" };
      });
      res.writeHead(202, { "content-type": "application/json" }).end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    contexts,
    keys,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
