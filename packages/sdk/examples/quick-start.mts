// The README's quick start, as a file: test/e2e/install/packed-clients.test.ts installs the packed
// SDK into a new folder and runs it with Node (which strips the types) against a running stack.
import { CtxlogClient, isApiError } from "@ctxlog/sdk";

const ctxlog = new CtxlogClient({
  baseUrl: process.env.CTXLOG_URL ?? "http://127.0.0.1:3000/v1", // the base address, /v1 included
  apiKey: process.env.CTXLOG_API_KEY as string, // a key from the dashboard or `npm run ctxlog -- keys create`
});

const ctx = await ctxlog.contexts.create(
  { agent_id: "planner-7", context_data: { task: "summarize", steps: 3 }, metadata: { run: 42 } },
  { idempotencyKey: `run-42-step-7-${Date.now()}` }, // the same key and body within 24 h return the first context
);
console.log("created", ctx.context_id, ctx.context_hash);

for await (const c of ctxlog.contexts.listAll({ agent_id: "planner-7", limit: 100 })) {
  console.log("listed", c.context_id, c.status);
}

const again = await ctxlog.contexts.get(ctx.context_id);
console.log("read", again.context_id, again.status);

try {
  await ctxlog.contexts.get("ctx_00000000000000000000000000");
} catch (err) {
  if (isApiError(err, "NOT_FOUND")) console.log("no such context", err.requestId);
  else throw err;
}
