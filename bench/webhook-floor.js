// (d) of bench:webhooks, the floor: the least a durable delivery takes here, and nothing else.
// Per job: take it from BullMQ, load the delivery (its webhook's URL and sealed secret, the stored
// body) in one query (by delivery and event id: the tables are partitioned by the event's day, and a
// statement naming the event id is planned for that day alone, as the worker's are), open the
// secret, POST the body with the HMAC headers, record the attempt and
// the delivery's outcome in PostgreSQL in one statement, complete the job. No batching across jobs,
// no fan-out, no SSRF guard, no retry schedule, no metrics, no per-endpoint pacing beyond undici's
// connection limit. Run as its own process (forked by bench/webhooks.js); reports per-part
// wall time per delivery over IPC when told to stop.
const { createHmac } = require("node:crypto");
const path = require("node:path");
const { Worker } = require("bullmq");
const IORedis = require("ioredis");
const { Pool } = require("pg");
const { Agent, request } = require("undici");

const root = path.resolve(__dirname, "..");
const core = require(path.join(root, "packages/core/dist"));
const env = process.env;

const keyring = core.SecretKeyring.parse({
  key: env.SECRETS_ENCRYPTION_KEY,
  keyId: env.SECRETS_ENCRYPTION_KEY_ID,
});
const pool = new Pool({ connectionString: env.DATABASE_URL, max: Number(env.FLOOR_POOL_SIZE ?? 10) });
const agent = new Agent({ connections: Number(env.FLOOR_HTTP_CONNECTIONS ?? 10) });
const parts = { load: 0, post: 0, record: 0, jobs: 0 };

async function deliver(job) {
  const t0 = performance.now();
  const { rows } = await pool.query(
    `SELECT d.event_id, e.event, d.cycle, w.id AS webhook_id, d.webhook_ref, w.url, w.secret, w.secret_key_id, e.payload
       FROM webhook_deliveries d JOIN webhooks w ON w.ref = d.webhook_ref JOIN outbox_events e ON e.id = d.event_id
      WHERE w.id = $1 AND d.event_id = $2 AND e.id = $2`,
    [job.data.webhookId, job.data.eventId],
  );
  const d = rows[0];
  const secret = core.openSecret(keyring, { value: d.secret, keyId: d.secret_key_id }, d.webhook_id);
  const t1 = performance.now();
  const sentAt = new Date();
  const res = await request(d.url, {
    method: "POST",
    body: d.payload,
    dispatcher: agent,
    headers: {
      "content-type": "application/json",
      "x-service-event": d.event,
      "x-service-delivery": core.deliveryIdOf(d.event_id),
      "x-service-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
      "x-service-signature": createHmac("sha256", secret).update(d.payload).digest("hex"),
    },
  });
  await res.body.dump();
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  const t2 = performance.now();
  await pool.query(
    `WITH u AS (
       UPDATE webhook_deliveries SET attempts = attempts + 1, status = $2::"DeliveryStatus", next_attempt_at = NULL
        WHERE webhook_ref = $1 AND event_id = $6 RETURNING event_id, webhook_ref, cycle, attempts)
     INSERT INTO webhook_attempts (event_id, webhook_ref, cycle, number, attempted_at, duration_ms, response_status)
     SELECT event_id, webhook_ref, cycle, attempts, $4, $5, $3 FROM u`,
    [
      d.webhook_ref,
      ok ? "succeeded" : "failed",
      res.statusCode,
      sentAt,
      Math.round(t2 - t1),
      job.data.eventId,
    ],
  );
  const t3 = performance.now();
  parts.load += t1 - t0;
  parts.post += t2 - t1;
  parts.record += t3 - t2;
  parts.jobs++;
}

const connection = new IORedis(env.REDIS_URL, { maxRetriesPerRequest: null });
const worker = new Worker(env.FLOOR_QUEUE, deliver, {
  connection,
  prefix: env.REDIS_PREFIX,
  concurrency: Number(env.FLOOR_CONCURRENCY ?? 100),
  autorun: false,
});
process.on("message", async (msg) => {
  if (msg === "start") worker.run();
  if (msg === "stop") {
    await worker.close();
    process.send?.({ parts });
    await pool.end();
    await agent.close();
    connection.disconnect();
    process.exit(0);
  }
});
process.send?.("ready");
