import type { NewContext, ReceiptFields } from "@ctxlog/core";
import type { PoolClient } from "pg";
import { pgPoolOf } from "../client";
import { inlined } from "../inlined-statement";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { type SqlRunner, sqlOf } from "../sql-transaction";
import { type LogHead, linkEntries, lockHeadsParams } from "./assign-sequences";
import { lockLogHeads } from "./assign-sequences.queries";
import { pendingContextRow, toRecord } from "./context-rows";
import { receiveContexts } from "./context-transitions";
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
 * PostgreSQL), then the rows inserted and the heads advanced in one statement. The two statements:
 * lockLogHeads (assign-sequences.sql) and receiveContexts (context-transitions.sql: `receive`).
 *
 * On a client from createDb this is two round trips on one connection, whatever the number of API
 * processes: `BEGIN; lock the heads`, then `insert, advance the heads; COMMIT` (simple-protocol
 * statements, their parameters dollar-quoted, so BEGIN and COMMIT ride along), holding the
 * heads' locks for one round trip and the signing. This is the one transaction outside
 * inSqlTransaction (docs/sql.md; sql-style.test.ts names its BEGIN, COMMIT and ROLLBACK): the
 * helper's BEGIN and COMMIT would be two more round trips on the API's hot write path. Given the
 * runner of a caller's inSqlTransaction (an Idempotency-Key's), or a client without a pool of its
 * own, the same two statements run through it. Nothing of a batch is written when one row is refused.
 */
export async function insertContexts(
  db: DbOrTx | SqlRunner,
  inputs: readonly NewContext[],
  signer: ReceiptSigner,
): Promise<Context[]> {
  if (inputs.length === 0) return [];
  const pool = typeof db === "function" ? undefined : pgPoolOf(db);
  if (!pool) {
    const sql = sqlOf(db);
    const heads = await runQuery(lockLogHeads, lockHeadsParams(inputs), sql);
    const { rows, params } = linkAndSign(inputs, heads, signer);
    await runQuery(receiveContexts, params, sql);
    return rows;
  }
  // the statements' texts and values first: nothing is sent until both are known to inline
  const lock = await inlined(lockLogHeads, lockHeadsParams(inputs));
  const client = await pool.connect();
  let broken: Error | undefined;
  // a connection cut between the two round trips errors on the client: fail the write, drop it
  const onError = (err: Error) => {
    broken = err;
  };
  client.on("error", onError);
  try {
    const [, locked] = await simple(client, `BEGIN; ${lock}`);
    const { rows, params } = linkAndSign(inputs, locked?.rows as LogHead[], signer);
    await simple(client, `${await inlined(receiveContexts, params)}; COMMIT`);
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
  return { rows, params: { rows: JSON.stringify(rows.map(toRecord)), heads: JSON.stringify(newHeads) } };
}

/** Several statements in one round trip (the simple query protocol answers one result each). */
async function simple(client: PoolClient, text: string) {
  return (await client.query(text)) as unknown as { rows: unknown[] }[];
}
