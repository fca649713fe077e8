// The whole stack as an operator runs it (API, chain worker on a real anvil, webhook worker, real
// PostgreSQL and Redis, a loopback receiver that echoes what it gets): contexts whose data holds a
// unique marker are logged, anchored and delivered to a webhook; one context is erased, and one
// agent in bulk. Then the markers are nowhere — not in `pg_dump` of the database, not in Redis
// (every key scanned, DUMPed and read) — while data that was not erased still is (so the search
// can find what is there), the erased contexts' proofs still verify against the chain and the
// agent's log still audits COMPLETE, naming its erased entries.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AnvilInstance } from "@ctxlog/contracts/anvil";
import { waitFor } from "@ctxlog/core/testing";
import { createApiKey, createDb, type Db } from "@ctxlog/db";
import { createTestDatabase, type TestDatabase } from "@ctxlog/db/testing";
import { claimRedisDatabase, type RedisDatabaseClaim } from "@ctxlog/jobs/testing";
import { auditAgent, verifyContext } from "@ctxlog/sdk";
import { Redis } from "ioredis";
import { callApi, type RunningApps, type StackConfig, startApps, startChain } from "../ops/stack";

let anvil: AnvilInstance;
let database: TestDatabase;
let claim: RedisDatabaseClaim;
let apps: RunningApps | undefined;
let db: Db | undefined;
let echo: Server | undefined;
const received: { event: string; body: string }[] = [];

afterAll(async () => {
  await apps?.stop();
  await db?.$disconnect();
  await new Promise<void>((resolve) => (echo ? echo.close(() => resolve()) : resolve()));
  await database?.drop();
  await claim?.release();
  await anvil?.stop();
});

/** A receiver that answers each delivery with its own body: a stored answer would hold the data too. */
async function startEcho(): Promise<string> {
  echo = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ event: String(req.headers["x-service-event"] ?? ""), body });
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    });
  });
  await new Promise<void>((resolve) => echo?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(echo.address() as AddressInfo).port}/hook`;
}

/** Every byte Redis holds for this test's database: each key's DUMP and its values read by type. */
async function redisContents(url: string): Promise<{ keys: number; text: string }> {
  const redis = new Redis(url);
  try {
    const parts: string[] = [];
    let keys = 0;
    let cursor = "0";
    do {
      const [next, batch] = await redis.scan(cursor, "COUNT", 500);
      cursor = next;
      for (const key of batch) {
        keys++;
        const dumped = await redis.dumpBuffer(key);
        if (dumped) parts.push(dumped.toString("latin1"));
        const type = await redis.type(key);
        if (type === "string") parts.push((await redis.get(key)) ?? "");
        if (type === "hash") parts.push(JSON.stringify(await redis.hgetall(key)));
        if (type === "list") parts.push(JSON.stringify(await redis.lrange(key, 0, -1)));
        if (type === "set") parts.push(JSON.stringify(await redis.smembers(key)));
        if (type === "zset") parts.push(JSON.stringify(await redis.zrange(key, "0", "-1")));
        if (type === "stream") parts.push(JSON.stringify(await redis.xrange(key, "-", "+")));
      }
    } while (cursor !== "0");
    return { keys, text: parts.join("\n") };
  } finally {
    redis.disconnect();
  }
}

it("erased data is gone from PostgreSQL and Redis, and what remains still proves the log", async () => {
  const chain = await startChain();
  anvil = chain.anvil;
  database = await createTestDatabase("ctxlog_erasure_e2e_test");
  claim = await claimRedisDatabase({ ttlMs: 180_000 });
  const config: StackConfig = {
    databaseUrl: database.url,
    redisUrl: claim.url,
    redisPrefix: "ctxlog",
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    registryAddress: chain.registryAddress,
  };
  const hookUrl = await startEcho();
  apps = await startApps(config);
  db = createDb(database.url, { poolSize: 2 });
  const { key } = await createApiKey(db, { userId: "erasure-e2e", type: "full" });
  const hook = await callApi(apps, key, "POST", "/v1/webhooks", {
    url: hookUrl,
    events: ["context.created", "context.confirmed", "context.erased"],
  });
  expect(hook.status).toBe(201);

  const tag = randomBytes(6).toString("hex");
  const single = `single-erased-${tag}`; // one context, erased on its own
  const bulk = `bulk-erased-${tag}`; // every context of agent-bulk
  const kept = `kept-${tag}`; // never erased: the control
  const post = async (agent: string, marker: string, n: number, idempotencyKey?: string) => {
    const res = await fetch(`${apps?.apiUrl}/v1/contexts`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
      },
      body: JSON.stringify({
        agent_id: agent,
        context_data: { note: `${marker} #${n}` },
        metadata: { tag: marker },
      }),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { context_id: string }).context_id;
  };
  const singleId = await post("agent-kept", single, 0, `idem-${tag}`);
  const keptIds = [await post("agent-kept", kept, 1), await post("agent-kept", kept, 2)];
  const bulkIds: string[] = [];
  for (let n = 0; n < 5; n++) bulkIds.push(await post("agent-bulk", bulk, n));
  const all = [singleId, ...keptIds, ...bulkIds];

  // anchored, confirmed and delivered (created and confirmed, each echoed back)
  await waitFor(
    async () =>
      (await db?.confirmedContext.count({ where: { id: { in: all } } })) === all.length ? true : undefined,
    { timeout: 60_000 },
  );
  await waitFor(
    () => (received.filter((r) => r.event === "context.confirmed").length >= all.length ? true : undefined),
    {
      timeout: 30_000,
    },
  );
  expect(received.some((r) => r.body.includes(single))).toBe(true);

  // erase one context, and one agent in bulk
  expect((await callApi(apps, key, "DELETE", `/v1/contexts/${singleId}/data`)).status).toBe(200);
  const bulkErase = await callApi(apps, key, "DELETE", "/v1/agents/agent-bulk/data");
  expect(bulkErase.body).toEqual({ agent_id: "agent-bulk", erased: 5, remaining: 0, done: true });
  await waitFor(() => (received.filter((r) => r.event === "context.erased").length >= 6 ? true : undefined), {
    timeout: 30_000,
  });
  // the queues settle (every delivery made) before looking at what is stored
  await waitFor(
    async () =>
      (await db?.webhookDelivery.count({ where: { status: "pending" } })) === 0 ? true : undefined,
    { timeout: 30_000 },
  );

  const dump = execFileSync("pg_dump", ["--format=plain", database.url], {
    maxBuffer: 256 * 1024 * 1024,
  }).toString("utf8");
  expect(dump).toContain(kept); // the search finds data that is there
  expect(dump).not.toContain(single);
  expect(dump).not.toContain(bulk);

  const redis = await redisContents(claim.url);
  expect(redis.keys).toBeGreaterThan(0);
  expect(redis.text).not.toContain(single);
  expect(redis.text).not.toContain(bulk);

  // what remains still proves the log: the erased proofs verify, the agent's audit is complete
  for (const id of [singleId, bulkIds[2] as string]) {
    const proof = await callApi(apps, key, "GET", `/v1/contexts/${id}/proof`);
    expect(proof.body).toMatchObject({
      canonical_context: null,
      context: { context_data: null, metadata: null },
    });
    const result = await verifyContext(proof.body, { rpcUrl: anvil.rpcUrl, requiredConfirmations: 2 });
    expect(result.checks.filter((c) => !c.ok && !c.unavailable)).toEqual([]);
    expect(result).toMatchObject({ verified: true, data_erased: true });
  }
  const exported = await fetch(`${apps.apiUrl}/v1/agents/agent-bulk/export`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const lines = (await exported.text()).split("\n").filter(Boolean);
  // erasure leaves the transparency log whole: every entry still at its index in the served log
  const audit = await auditAgent(lines, { rpcUrl: anvil.rpcUrl, logUrl: `${apps.apiUrl}/v1/tlog` });
  expect(audit).toMatchObject({ complete: true, entries: 5, erased_sequences: [1, 2, 3, 4, 5] });
  expect(audit.summary).toMatch(
    /^COMPLETE: .*data erased \(hashes kept\) at 1-5; entries_in_log passed: 5 entries/,
  );
  const mixed = await fetch(`${apps.apiUrl}/v1/agents/agent-kept/export`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const keptAudit = await auditAgent((await mixed.text()).split("\n").filter(Boolean), {
    rpcUrl: anvil.rpcUrl,
  });
  expect(keptAudit).toMatchObject({ complete: true, entries: 3, erased_sequences: [1] });
}, 180_000);
