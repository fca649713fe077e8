// Test-only: a loopback HTTP server standing in for ctxlog's POST /v1/contexts/batch, answering
// 202 with one record a context as the API does, and keeping what it was sent (the SDK's
// ContextLogger is the real one; the e2e test in test/e2e/integrations uses the real API).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { CreateContextInput } from "@ctxlog/sdk";

export interface ContextCapture {
  baseUrl: string;
  contexts: CreateContextInput[];
  /** The Idempotency-Key of each batch received, in order. */
  keys: string[];
  close(): Promise<void>;
}

export async function startContextCapture(): Promise<ContextCapture> {
  const contexts: CreateContextInput[] = [];
  const keys: string[] = [];
  let n = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/contexts/batch") {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { code: "NOT_FOUND", message: `${req.method} ${req.url}` } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { contexts: CreateContextInput[] };
      contexts.push(...body.contexts);
      keys.push(String(req.headers["idempotency-key"]));
      const data = body.contexts.map((c) => ({
        context_id: `ctx_${++n}`,
        agent_id: c.agent_id,
        status: "pending",
      }));
      res.writeHead(202, { "content-type": "application/json" });
      res.end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    contexts,
    keys,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: ctxlog down. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
