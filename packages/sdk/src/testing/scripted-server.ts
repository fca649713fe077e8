// Test-only: a real HTTP server on an ephemeral port that answers from a script and records every
// request, to pin down exact retry sequences (503 + Retry-After, resets, hangs) and exact routes.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  at: number;
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export type ScriptedReply =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | "reset" // destroy the socket without answering
  | "hang"; // never answer

export async function startScriptedServer() {
  const requests: RecordedRequest[] = [];
  let script: ScriptedReply[] = [];
  let fallback: ScriptedReply = { status: 200, body: { ok: true } };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({
        at: Date.now(),
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const reply = script.shift() ?? fallback;
      if (reply === "reset") return req.socket.destroy();
      if (reply === "hang") return;
      const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body ?? {});
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Replies for the next requests, in order; then `fallback`. Clears what was recorded. */
    reply(...replies: ScriptedReply[]) {
      script = replies;
      requests.length = 0;
    },
    setFallback(reply: ScriptedReply) {
      fallback = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ScriptedServer = Awaited<ReturnType<typeof startScriptedServer>>;

/** The error envelope every ctxlog error uses. */
export const apiError = (status: number, code: string, headers: Record<string, string> = {}) => ({
  status,
  headers,
  body: { error: { code, message: `${code} for the test`, request_id: `req_${status}` } },
});
