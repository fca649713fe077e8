import type { NewContext } from "@ctxlog/core";
import { pgPoolOf } from "../client";
import type { Context, Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../prisma-types";
import {
  type ChainLink,
  type LogHead,
  linkEntries,
  lockLogHeads,
  logsOf,
  type NewHead,
  type RunSql,
} from "./assign-sequences";
import { type LogHeadCache, logKey } from "./log-heads";

/** What the API computes for a new context (built by `buildNewContexts` in @ctxlog/core). */
export type { NewContext } from "@ctxlog/core";

/**
 * The row a new context becomes, exactly as PostgreSQL holds it after insertContexts: the one
 * description of a fresh row's defaults (insertContexts writes status and updated_at from it; the
 * columns it leaves null or at their schema default are the ones this says). Every field is spelled
 * out: `{ ...input, contextData, … }` (a spread, then keys it already has) measured ~25 µs a call
 * in V8, a twentieth of a POST /v1/contexts.
 */
export function pendingContextRow(input: NewContext, link?: ChainLink): Context {
  return {
    id: input.id,
    userId: input.userId,
    apiKeyId: input.apiKeyId,
    keyFamilyId: input.keyFamilyId,
    agentId: input.agentId,
    // What was written is what is read back: JSON objects in, the same JSON objects out.
    contextData: input.contextData as Prisma.JsonObject,
    metadata: input.metadata as Prisma.JsonObject,
    visibility: input.visibility,
    canonicalJson: input.canonicalJson,
    contextHash: input.contextHash,
    signature: input.signature,
    signerAddress: input.signerAddress,
    network: input.network,
    createdAt: input.createdAt,
    estimatedConfirmation: input.estimatedConfirmation,
    status: "pending",
    transactionHash: null,
    blockNumber: null,
    blockTimestamp: null,
    confirmations: 0,
    gasUsed: null,
    confirmedAt: null,
    confirmationTimeSeconds: null,
    errorCode: null,
    errorMessage: null,
    errorDetails: null,
    failureReason: null,
    retryPossible: null,
    failedAt: null,
    anchorId: null,
    leafIndex: null,
    merkleProof: [],
    sequence: link?.sequence ?? null,
    prevEntryHash: link?.prevEntryHash ?? null,
    entryHash: link?.entryHash ?? null,
    updatedAt: input.createdAt,
  };
}

// Every row of the batch travels as one JSON parameter: one JSON.stringify (native) on our side,
// PostgreSQL unpacks it; context_data and metadata stay JSON all the way into jsonb. The logs'
// heads advance in the same statement (a data-modifying CTE), inside the transaction that locked them.
const INSERT_COLUMNS = `id, user_id, api_key_id, key_family_id, agent_id, context_data, metadata,
    visibility, canonical_json, context_hash, signature, signer_address, status, network,
    created_at, updated_at, estimated_confirmation, sequence, prev_entry_hash, entry_hash`;
const INSERT_SELECT = `SELECT v.id, v.user_id, v.api_key_id, v.key_family_id, v.agent_id, v.context_data, v.metadata,
    v.visibility::"Visibility", v.canonical_json, v.context_hash, v.signature, v.signer_address,
    v.status::"ContextStatus", v.network, v.created_at, v.updated_at, v.estimated_confirmation,
    v.sequence, v.prev_entry_hash, v.entry_hash
  FROM jsonb_to_recordset($1::jsonb) AS v(id text, user_id text, api_key_id text, key_family_id text,
    agent_id text, context_data jsonb, metadata jsonb, visibility text, canonical_json text,
    context_hash text, signature text, signer_address text, status text, network text,
    created_at timestamptz, updated_at timestamptz, estimated_confirmation timestamptz,
    sequence int, prev_entry_hash text, entry_hash text)`;
const INSERT_CONTEXTS_SQL = `INSERT INTO contexts (${INSERT_COLUMNS}) ${INSERT_SELECT}`;
const ADVANCE_HEADS = `
    UPDATE agent_logs a SET head_sequence = h.head_sequence, head_entry_hash = h.head_entry_hash,
      last_at = GREATEST(a.last_at, h.at)
    FROM jsonb_to_recordset($2::jsonb) AS h(user_id text, agent_id text, head_sequence int,
      head_entry_hash text, at timestamptz)
    WHERE a.user_id = h.user_id AND a.agent_id = h.agent_id`;
const INSERT_CHAINED_SQL = `
  WITH inserted AS (INSERT INTO contexts (${INSERT_COLUMNS}) ${INSERT_SELECT}),
  heads AS (${ADVANCE_HEADS})
  SELECT 1`;
// One statement, no transaction around it: lock the heads (sorted, as lockLogHeads does), and only
// if each is still at the sequence the rows were numbered after, insert them and advance the
// heads. Otherwise nothing is written and the answer says so. The unique (user_id, agent_id,
// sequence) index stays the last guard.
const INSERT_IF_HEADS_SQL = `
  WITH locked AS (
    SELECT a.user_id, a.agent_id, a.head_sequence FROM agent_logs a
    WHERE (a.user_id, a.agent_id) IN (
      SELECT e.user_id, e.agent_id FROM jsonb_to_recordset($2::jsonb) AS e(user_id text, agent_id text))
    ORDER BY a.user_id, a.agent_id FOR UPDATE),
  ready AS (
    SELECT count(*) = $3::int AS ok FROM locked l
    JOIN jsonb_to_recordset($2::jsonb) AS e(user_id text, agent_id text, expected int)
      ON e.user_id = l.user_id AND e.agent_id = l.agent_id AND e.expected = l.head_sequence),
  inserted AS (INSERT INTO contexts (${INSERT_COLUMNS}) ${INSERT_SELECT}, ready WHERE ready.ok),
  heads AS (${ADVANCE_HEADS} AND (SELECT ok FROM ready))
  SELECT ok FROM ready`;

const toRecord = (c: Context) => ({
  id: c.id,
  user_id: c.userId,
  api_key_id: c.apiKeyId,
  key_family_id: c.keyFamilyId,
  agent_id: c.agentId,
  context_data: c.contextData,
  metadata: c.metadata,
  visibility: c.visibility,
  canonical_json: c.canonicalJson,
  context_hash: c.contextHash,
  signature: c.signature,
  signer_address: c.signerAddress,
  status: c.status,
  network: c.network,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
  estimated_confirmation: c.estimatedConfirmation,
  sequence: c.sequence,
  prev_entry_hash: c.prevEntryHash,
  entry_hash: c.entryHash,
});

export interface InsertContextsOptions {
  /**
   * false: write the rows outside any log (no sequence, leaf = context_hash), as before logs were
   * chained. Only for benchmarks measuring what chaining costs; default true.
   */
  chained?: boolean;
  /**
   * This process's memory of the heads it wrote (one per process, shared by its writes): with it,
   * a write of logs it remembers is one statement instead of a locking transaction. Only on a
   * client from createDb (inside a transaction the heads are locked as usual).
   */
  heads?: LogHeadCache;
}

/**
 * The one writer of new contexts: many pending rows, returned as stored. Each row gets the next
 * `sequence` of its log (user_id, agent_id), `prev_entry_hash` and `entry_hash`, assigned where it
 * is written. Without `opts.heads`, a transaction locks the logs' head rows (in a fixed order, so
 * concurrent batches never deadlock), the entries are linked here (keccak is not in PostgreSQL),
 * then the rows inserted and the heads advanced in one statement. With `opts.heads` (an API
 * process's memory of the heads it wrote), a write of remembered logs is one statement that
 * locks, checks and writes, holding the head locks for that statement only; when another process
 * wrote to one of its logs in between, that statement writes nothing and the write takes the
 * locking path. Rows of one log in one call take consecutive sequences in input order. On a
 * client from createDb it goes straight to the pg pool underneath (through Prisma the same
 * statements cost twice the CPU); inside a transaction (an Idempotency-Key's) it runs through that
 * transaction's connection. Nothing of a batch is written when one row is refused.
 */
export async function insertContexts(
  db: DbOrTx,
  inputs: readonly NewContext[],
  opts: InsertContextsOptions = {},
): Promise<Context[]> {
  if (inputs.length === 0) return [];
  const pool = pgPoolOf(db);
  if (opts.chained === false) {
    const rows = inputs.map((input) => pendingContextRow(input));
    const records = JSON.stringify(rows.map(toRecord));
    if (pool) await pool.query(INSERT_CONTEXTS_SQL, [records]);
    else await db.$executeRawUnsafe(INSERT_CONTEXTS_SQL, records);
    return rows;
  }
  if (pool) {
    const { heads } = opts;
    if (!heads) return (await writeLocked(pool, inputs)).rows;
    const keys = logsOf(inputs).map((log) => log.key);
    return heads.exclusive(keys, async () => {
      const remembered = await writeAfterKnownHeads(pool, inputs, keys, heads);
      if (remembered) return remembered;
      const written = await writeLocked(pool, inputs);
      for (const head of written.newHeads) rememberHead(heads, head);
      return written.rows;
    });
  }
  const run = async (tx: DbOrTx): Promise<Context[]> =>
    (await writeChained((sql, params) => tx.$queryRawUnsafe(sql, ...params), inputs)).rows;
  return "$transaction" in db ? db.$transaction((tx) => run(tx)) : run(db);
}

type Pool = NonNullable<ReturnType<typeof pgPoolOf>>;

/** Locks the heads, numbers the rows after them and writes, in one transaction. */
async function writeLocked(pool: Pool, inputs: readonly NewContext[]) {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const written = await writeChained(async (sql, params) => (await client.query(sql, params)).rows, inputs);
    await client.query("COMMIT");
    return written;
  } catch (err) {
    await client.query("ROLLBACK").catch((rollbackErr: Error) => {
      broken = rollbackErr;
    });
    throw err;
  } finally {
    // a connection that could not even roll back (timed out, cut) is not given back to the pool
    client.release(broken);
  }
}

/**
 * When every log of the write is remembered: numbers the rows after the remembered heads and
 * writes them in one statement if those are still the heads. Undefined when a log is not
 * remembered or moved on (another process wrote to it): nothing was written then.
 */
async function writeAfterKnownHeads(
  pool: Pool,
  inputs: readonly NewContext[],
  keys: readonly string[],
  heads: LogHeadCache,
): Promise<Context[] | undefined> {
  const known = new Map<string, LogHead>();
  for (const input of inputs) {
    const key = logKey(input.userId, input.agentId);
    if (known.has(key)) continue;
    const head = heads.get(key);
    if (!head) return undefined;
    known.set(key, {
      user_id: input.userId,
      agent_id: input.agentId,
      head_sequence: head.sequence,
      head_entry_hash: head.entryHash,
    });
  }
  const { links, newHeads } = linkEntries(inputs, known);
  const rows = inputs.map((input, i) => pendingContextRow(input, links[i]));
  const result = await pool.query(INSERT_IF_HEADS_SQL, [
    JSON.stringify(rows.map(toRecord)),
    headsJson(newHeads),
    keys.length,
  ]);
  if (result.rows[0]?.ok !== true) {
    for (const key of keys) heads.forget(key);
    return undefined;
  }
  for (const head of newHeads) rememberHead(heads, head);
  return rows;
}

// jsonb cannot hold the NUL that separates a key's parts; PostgreSQL needs only the named fields
const headsJson = (heads: NewHead[]) =>
  JSON.stringify(heads, (name, value) => (name === "key" ? undefined : value));

function rememberHead(heads: LogHeadCache, head: NewHead) {
  heads.set(head.key, { sequence: head.head_sequence, entryHash: head.head_entry_hash });
}

async function writeChained(
  sql: RunSql,
  inputs: readonly NewContext[],
): Promise<{ rows: Context[]; newHeads: NewHead[] }> {
  const heads = await lockLogHeads(sql, inputs);
  const { links, newHeads } = linkEntries(inputs, heads);
  const rows = inputs.map((input, i) => pendingContextRow(input, links[i]));
  await sql(INSERT_CHAINED_SQL, [JSON.stringify(rows.map(toRecord)), headsJson(newHeads)]);
  return { rows, newHeads };
}
