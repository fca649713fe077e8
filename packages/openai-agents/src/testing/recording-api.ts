// Test-only: a loopback HTTP server standing in for POST /v1/contexts/batch: it keeps each batch
// and answers 202 with one record a context, as the API does. The processor's own tests use it to
// see exactly what was sent; the end-to-end test uses the real API. Any other path (OpenAI's
// tracing exporter pointed here) is kept as it came and answered 200.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { CreateContextInput } from "@ctxlog/sdk";

export interface RecordedBatch {
  idempotencyKey: string | undefined;
  contexts: CreateContextInput[];
}

export async function startRecordingApi() {
  const batches: RecordedBatch[] = [];
  const others: { url: string; body: unknown }[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.url !== "/v1/contexts/batch") {
        others.push({ url: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { contexts: CreateContextInput[] };
      const key = req.headers["idempotency-key"];
      batches.push({ idempotencyKey: typeof key === "string" ? key : undefined, contexts: body.contexts });
      const data = body.contexts.map((c) => ({
        context_id: `ctx_${++next}`,
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
    batches,
    /** What came to other paths, in order. */
    others,
    /** Every context received, in the order received. */
    contexts: () => batches.flatMap((b) => b.contexts),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RecordingApi = Awaited<ReturnType<typeof startRecordingApi>>;
