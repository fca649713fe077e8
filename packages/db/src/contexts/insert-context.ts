import { randomBytes } from "node:crypto";
import type { NewContext, ReceiptFields } from "@ctxlog/core";
import type { PoolClient } from "pg";
import { pgPoolOf } from "../client";
import type { DbOrTx } from "../prisma-types";
import { prismaSql } from "../sql-transaction";
import { LOCK_HEADS_SQL, type LogHead, linkEntries, logsJson } from "./assign-sequences";
import { INSERT_CHAINED_SQL, pendingContextRow, toRecord } from "./context-rows";
import type { Context } from "./context-view";

/** What the API computes for a new context (built by `buildNewContexts` in @ctxlog/core). */
export type { NewContext } from "@ctxlog/core";
export { pendingContextRow } from "./context-rows";

/** Makes a context's one signature: the EIP-712 signature of its Receipt (ContextSigner's). */
export interface ReceiptSigner {
  signReceipt(fields: ReceiptFields): string;
}

/**
 * The one writer of new contexts: many pending rows, returned as stored. Each row gets the next
 * `sequence` of its log (user_id, agent_id), `prev_entry_hash`, `entry_hash` and its one
 * signature, the EIP-712 signature of its Receipt (which covers sequence and prev_entry_hash, so
 * it is made once the log's head is locked). The heads are locked in a fixed order (concurrent
 * writes never deadlock), the entries linked and signed here (keccak and secp256k1 are not in
 * PostgreSQL), then the rows inserted and the heads advanced in one statement.
 *
 * On a client from createDb this is two round trips on one connection, whatever the number of API
 * processes: `BEGIN; lock the heads`, then `insert, advance the heads; COMMIT` (simple-protocol
 * statements, the JSON parameters dollar-quoted, so BEGIN and COMMIT ride along), holding the
 * heads' locks for one round trip and the signing. Inside a transaction (an Idempotency-Key's) the
 * same two statements run through it. Nothing of a batch is written when one row is refused.
 */
export async function insertContexts(
  db: DbOrTx,
  inputs: readonly NewContext[],
  signer: ReceiptSigner,
): Promise<Context[]> {
  if (inputs.length === 0) return [];
  const pool = pgPoolOf(db);
  if (!pool) {
    const sql = prismaSql(db);
    const heads = await sql<LogHead>(LOCK_HEADS_SQL, [logsJson(inputs)]);
    const { rows, params } = linkAndSign(inputs, heads, signer);
    await sql(INSERT_CHAINED_SQL, params);
    return rows;
  }
  const client = await pool.connect();
  let broken: Error | undefined;
  // a connection cut between the two round trips errors on the client: fail the write, drop it
  const onError = (err: Error) => {
    broken = err;
  };
  client.on("error", onError);
  try {
    const [, locked] = await simple(client, `BEGIN; ${inline(LOCK_HEADS_SQL, [logsJson(inputs)])}`);
    const { rows, params } = linkAndSign(inputs, locked?.rows as LogHead[], signer);
    await simple(client, `${inline(INSERT_CHAINED_SQL, params)}; COMMIT`);
    return rows;
  } catch (err) {
    await client.query("ROLLBACK").catch((rollbackErr: Error) => {
      broken = rollbackErr;
    });
    throw err;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}

function linkAndSign(inputs: readonly NewContext[], heads: LogHead[], signer: ReceiptSigner) {
  const { links, newHeads } = linkEntries(inputs, heads);
  const rows = inputs.map((input, i) => {
    const link = links[i] as (typeof links)[number];
    const signature = signer.signReceipt({
      contextHash: input.contextHash,
      userId: input.userId,
      agentId: input.agentId,
      sequence: link.sequence,
      prevEntryHash: link.prevEntryHash,
      receivedAt: input.createdAt,
    });
    return pendingContextRow(input, link, signature);
  });
  return { rows, params: [JSON.stringify(rows.map(toRecord)), JSON.stringify(newHeads)] };
}

/** Several statements in one round trip (the simple query protocol answers one result each). */
async function simple(client: PoolClient, text: string) {
  return (await client.query(text)) as unknown as { rows: unknown[] }[];
}

/**
 * `sql` with its `$n::jsonb` parameters written in as dollar-quoted literals (no escaping: the
 * quote's tag is random and checked absent from the text; JSON text has no raw NUL).
 */
function inline(sql: string, params: readonly string[]): string {
  return sql.replace(/\$(\d+)::jsonb/g, (_, n: string) => {
    const text = params[Number(n) - 1] as string;
    let tag: string;
    do tag = `$j${randomBytes(6).toString("hex")}$`;
    while (text.includes(tag));
    return `${tag}${text}${tag}::jsonb`;
  });
}
