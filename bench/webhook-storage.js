#!/usr/bin/env node
// bench:webhook-storage — bytes of PostgreSQL that webhooks add per context, with one endpoint
// subscribed to context.created and context.confirmed: what the retention job (RETENTION_DAYS)
// bounds. A sample of BENCH_STORAGE_CONTEXTS contexts (default 10,000) goes through the real
// repositories — recordEvents (the envelopes the producers write: a created event with the
// context_data of a bench corpus entry (BENCH_PAYLOAD another payload), a confirmed event with a Merkle proof of a 256-leaf batch), fanOutEvents,
// recordAttempts (one successful attempt each) — into a fresh database; the growth of the three
// tables (heap + TOAST + every index, pg_total_relation_size) is divided by the sample and scaled
// to 1,000,000. Rows and B-tree leaves grow linearly; the inner pages of the indexes grow slower,
// so the extrapolation slightly overestimates.
const path = require("node:path");
const { root, scratchDatabase, fmt, runBench, payloadContext, payloadNote } = require("./lib");

const CONTEXTS = Number(process.env.BENCH_STORAGE_CONTEXTS ?? 10_000);
const core = require(path.join(root, "packages/core/dist"));
const dbPkg = require(path.join(root, "packages/db/dist"));
const TABLES = ["outbox_events", "webhook_deliveries", "webhook_attempts"];
const hex = (n, fill) => `0x${fill.repeat(n)}`;

function view(i, now) {
  return {
    id: core.newId("ctx"),
    agentId: "agent-storage",
    transactionHash: hex(32, "ab"),
    contextHash: hex(32, "cd"),
    signature: hex(65, "ef"),
    status: "pending",
    createdAt: now,
    estimatedConfirmation: now,
    contextData: payloadContext(i).context_data,
    metadata: payloadContext(i).metadata,
    blockNumber: 123_456n,
    blockTimestamp: now,
    confirmations: 3,
    network: "anvil",
    gasUsed: 23_850n,
    confirmationTimeSeconds: 12,
  };
}

async function sizes(db) {
  // the tables are partitioned by day: a parent has no storage of its own, its partitions do
  const rows = await db.$queryRawUnsafe(
    `SELECT t.name, sum(pg_total_relation_size(p.relid))::bigint AS bytes
       FROM unnest($1::text[]) AS t(name), LATERAL pg_partition_tree(t.name::regclass) AS p GROUP BY t.name`,
    TABLES,
  );
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.bytes)]));
}

async function main() {
  const database = await scratchDatabase("ctxlog_bench_storage");
  const db = dbPkg.createDb(database.url, { poolSize: 4 });
  try {
    await dbPkg.createApiKey(db, { userId: "storage", type: "full" });
    const keyring = core.SecretKeyring.parse({ key: Buffer.alloc(32, 7).toString("base64"), keyId: "k1" });
    await dbPkg.createWebhook(db, {
      userId: "storage",
      url: "https://example.com/hook",
      events: ["context.created", "context.confirmed"],
      description: "storage",
      secret: core.generateWebhookSecret(),
      keyring,
      maxPerUser: 10,
    });
    const before = await sizes(db);
    const proof = {
      leaf_index: 7,
      merkle_proof: Array.from({ length: 8 }, () => hex(32, "12")),
      merkle_root: hex(32, "34"),
      chain_id: 31337,
      network: "anvil",
      registry_address: `0x${"Ab".repeat(20)}`,
    };
    for (let done = 0; done < CONTEXTS; ) {
      const n = Math.min(500, CONTEXTS - done);
      const now = new Date();
      const events = [];
      for (let k = 0; k < n; k++) {
        const v = view(done + k, now);
        events.push({
          userId: "storage",
          event: "context.created",
          data: core.contextCreatedData(v),
          contextId: v.id,
        });
        events.push({
          userId: "storage",
          event: "context.confirmed",
          data: core.contextConfirmedData(v, { proof }),
          contextId: v.id,
        });
      }
      await dbPkg.recordEvents(db, events);
      for (;;) {
        const { events: fanned, deliveries } = await dbPkg.fanOutEvents(db, { batchSize: 1_000 });
        if (fanned === 0) break;
        const at = new Date();
        await dbPkg.recordAttempts(
          db,
          deliveries.map((delivery) => ({
            eventId: delivery.eventId,
            webhookId: delivery.webhookId,
            cycle: 1,
            attemptedAt: at,
            finishedAt: at,
            durationMs: 12,
            responseStatus: 200,
            error: null,
            succeeded: true,
          })),
          core.DEFAULT_RETRY_DELAYS_MS,
        );
      }
      done += n;
    }
    // As written: the fan-out's and the attempt's UPDATEs leave a dead version of each event and
    // delivery row, space that VACUUM lets later rows reuse (so a table under retention stops
    // growing at about this size). Compact: after VACUUM FULL, the live rows and indexes only.
    await db.$executeRawUnsafe(`VACUUM ANALYZE ${TABLES.join(", ")}`);
    const written = await sizes(db);
    await db.$executeRawUnsafe(`VACUUM FULL ${TABLES.join(", ")}`);
    const compact = await sizes(db);
    const counts = {
      events: await db.outboxEvent.count(),
      deliveries: await db.webhookDelivery.count(),
      // a delivery's first attempt is in its row (first_attempted_at), the others in webhook_attempts
      attempts:
        (await db.webhookAttempt.count()) +
        (await db.webhookDelivery.count({ where: { firstAttemptedAt: { not: null } } })),
    };
    console.log(payloadNote());
    const scale = 1_000_000 / CONTEXTS;
    console.log(
      `\nbench:webhook-storage — ${CONTEXTS} contexts sampled (${counts.events} events, ${counts.deliveries} deliveries, ${counts.attempts} attempts)`,
    );
    const gib = (bytes) => `${fmt((bytes * scale) / 2 ** 30, 2)} GiB`;
    console.log(
      "| table (heap + TOAST + indexes) | bytes/context as written | compact | per 1,000,000 contexts (written / compact) |",
    );
    console.log("|---|---|---|---|");
    const total = { written: 0, compact: 0 };
    for (const t of TABLES) {
      const w = written[t] - before[t];
      const c = compact[t] - before[t];
      total.written += w;
      total.compact += c;
      console.log(`| ${t} | ${fmt(w / CONTEXTS, 0)} | ${fmt(c / CONTEXTS, 0)} | ${gib(w)} / ${gib(c)} |`);
    }
    console.log(
      `| total | ${fmt(total.written / CONTEXTS, 0)} | ${fmt(total.compact / CONTEXTS, 0)} | ${gib(total.written)} / ${gib(total.compact)} |`,
    );
  } finally {
    await db.$disconnect();
    await database.drop();
  }
}

runBench(main);
