// One agent's log of N entries written through the real API, as bench:audit writes it: the bench
// corpus POSTed through POST /v1/contexts/batch, 500 a request over a few connections, one anchor's
// worth (the chain worker's BATCH_MAX) at a time, each sent before the next is POSTed. The chain
// worker announces every context of the anchors it sends in one database transaction, and tens of
// thousands at once outlast that transaction's time limit on a loaded machine (the worker then
// retries forever). Paced, each anchor holds BATCH_MAX entries. Used by bench:evidence.
const { Pool } = require("undici");
const lib = require("./lib");

const BATCH = 500;

/** POSTs entries [first, first + count) of the log, in 500-item batches over `connections`. */
async function postEntries(pool, key, agent, first, count, connections) {
  const batches = Math.ceil(count / BATCH);
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < batches) {
        const from = first + next++ * BATCH;
        const size = Math.min(BATCH, first + count - from);
        const contexts = Array.from({ length: size }, (_, k) => lib.payloadContext(from + k, agent));
        await postBatch(pool, key, `${agent}-${from}`, JSON.stringify({ contexts }));
      }
    }),
  );
}

/**
 * One batch, retried with backoff while the API answers 503 or 429 (on a loaded machine its rate
 * limiter's Redis call can time out: "retry with backoff"), under an Idempotency-Key so that a
 * retry never writes the batch twice.
 */
async function postBatch(pool, key, idempotencyKey, body) {
  for (let attempt = 1; ; attempt++) {
    const res = await pool.request({
      path: "/v1/contexts/batch",
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        "idempotency-key": idempotencyKey,
      },
      body,
    });
    const text = await res.body.text();
    if (res.statusCode === 202) return;
    if ((res.statusCode !== 503 && res.statusCode !== 429) || attempt === 10)
      throw new Error(`batch POST ${res.statusCode} (attempt ${attempt}): ${text.slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** attempt, 10_000)));
  }
}

/** Contexts in anchors whose transaction is out (sent, mined, confirmed or failed). */
async function sentContexts(db) {
  const sum = await db.anchor.aggregate({ _sum: { contextCount: true }, where: { sentAt: { not: null } } });
  return sum._sum.contextCount ?? 0;
}

/**
 * Writes entries [from, from + entries) of `agent`'s log (corpus items from `from` on) on `stack`
 * (lib.startChainStack's), one BATCH_MAX at a time, waiting after each until all written so far
 * are in sent anchors (5 minutes at most each). The stack holds no other contexts.
 */
async function writeAgentLog(stack, { agent, from = 0, entries, batchMax, connections = 4 }) {
  const pool = new Pool(`http://127.0.0.1:${stack.apiPort}`, { connections });
  const end = from + entries;
  try {
    for (let first = from; first < end; first += batchMax) {
      const count = Math.min(batchMax, end - first);
      await postEntries(pool, stack.key, agent, first, count, connections);
      const deadline = Date.now() + 300_000;
      while ((await sentContexts(stack.db)) < first + count) {
        if (Date.now() > deadline) throw new Error(`entries from ${first + 1} were not sent in 5 minutes`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await pool.close();
  }
}

module.exports = { writeAgentLog };
