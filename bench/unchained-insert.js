// BENCH-ONLY. The API's context write without agent logs: the same rows, the same INSERT (into
// contexts and the chain worker's queue, pending_contexts, in one statement), with no sequence, no
// prev link, no entry hash and no receipt — the head of the log is neither locked nor advanced,
// and the one signature of each context is the EIP-191 signature of its context_hash, as contexts
// were signed before logs (signature_scheme "EIP-191"; they anchor with context_hash as their
// leaf). bench/api.js and bench/chain.js measure what agent logs cost against it (bench/unchained-api.js
// puts it in place of @ctxlog/db's insertContexts). Never part of the service: no app requires it.
const path = require("node:path");

const dbDist = path.resolve(__dirname, "../packages/db/dist");
const { pgPoolOf } = require(dbDist);
const { pendingContextRow, toRecord } = require(path.join(dbDist, "contexts/context-rows.js"));
const { receiveContexts } = require(path.join(dbDist, "contexts/context-transitions.js"));
const { statementOf, inlineValues } = require(path.join(dbDist, "inlined-statement.js"));

/**
 * receiveContexts (context-transitions.sql) less its last CTE, the one that advances the logs'
 * heads: derived from the statement pgTyped makes, not copied, so the two cannot drift apart;
 * refused if the statement no longer has that shape.
 */
async function unchainedStatement() {
  const { text, names } = await statementOf(receiveContexts, { rows: "", heads: "" });
  const unchained = text.replace(
    /,\s*heads AS \(\s*UPDATE agent_logs[\s\S]*\)\s*(SELECT 1 AS "received!")\s*$/,
    "\n$1",
  );
  if (unchained === text || /agent_logs|\$2/.test(unchained) || !unchained.includes("$1::jsonb")) {
    throw new Error(
      "bench/unchained-insert.js: receiveContexts changed shape; derive the unchained statement again",
    );
  }
  return { text: unchained, names };
}
const INSERT_UNCHAINED_SQL = unchainedStatement();

const NO_LINK = { sequence: null, prevEntryHash: null, entryHash: null };

/** insertContexts' signature (db, inputs, signer) → the rows as stored, unchained. */
async function insertUnchainedContexts(db, inputs, signer) {
  if (inputs.length === 0) return [];
  const rows = await Promise.all(
    inputs.map(async (input) => ({
      ...pendingContextRow(input, NO_LINK, await signer.sign(input.contextHash)),
      signatureScheme: "EIP-191",
    })),
  );
  const json = JSON.stringify(rows.map(toRecord));
  const pool = pgPoolOf(db);
  // as insertContexts does: on the pool, the JSON written in (simple protocol, insert-context.ts's
  // inlineValues); in a transaction (an Idempotency-Key's) through it
  const { text, names } = await INSERT_UNCHAINED_SQL;
  if (pool) await pool.query(inlineValues(text, names, { rows: json }));
  else await db.$queryRawUnsafe(text, json);
  return rows;
}

module.exports = { insertUnchainedContexts };
