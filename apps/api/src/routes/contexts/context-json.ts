import type { ContextSigner } from "@ctxlog/core";
import type { Context } from "@ctxlog/db";
import { receiptFieldsOf } from "./context-resource";

/**
 * The 202 of POST /v1/contexts and of its batch as JSON text, written field by field: byte for
 * byte `JSON.stringify(createdContextResource(row, signer))` (context-json.test.ts compares them on
 * every kind of row), without building the two intermediate objects per context. A batch answers
 * up to 500 of these, and building then stringifying them was most of the answer's cost.
 * Keep the field order of contextResource and contextReceipt (context-resource.ts).
 */
export function createdContextJson(
  row: Context,
  signer: Pick<ContextSigner, "address" | "signReceipt">,
): string {
  const createdAt = createdIso.of(row.createdAt);
  return (
    `{"context_id":${str(row.id)},"agent_id":${str(row.agentId)},"status":${str(row.status)}` +
    `,"visibility":${str(row.visibility)},"context_hash":${str(row.contextHash)}` +
    `,"signature":${str(row.signature)},"signer_address":${str(row.signerAddress)}` +
    `,"transaction_hash":${nullableStr(row.transactionHash)},"network":${str(row.network)}` +
    `,"confirmations":${num(row.confirmations)},"block_number":${bigintNum(row.blockNumber)}` +
    `,"block_timestamp":${nullableDate(row.blockTimestamp)},"gas_used":${bigintNum(row.gasUsed)}` +
    `,"confirmation_time_seconds":${nullableNum(row.confirmationTimeSeconds)}` +
    `,"created_at":"${createdAt}","estimated_confirmation":"${estimatedIso.of(row.estimatedConfirmation)}"` +
    `,"context_data":${JSON.stringify(row.contextData)},"metadata":${JSON.stringify(row.metadata)}` +
    `,"data_erased_at":${nullableDate(row.dataErasedAt)}` +
    `,"error":${errorJson(row)},"retry_possible":${nullableBool(row.retryPossible)}` +
    `,"failure_reason":${nullableStr(row.failureReason)},"sequence":${nullableNum(row.sequence)}` +
    `,"prev_entry_hash":${nullableStr(row.prevEntryHash)},"entry_hash":${nullableStr(row.entryHash)}` +
    `,"receipt":${receiptJson(row, createdAt, signer)}}`
  );
}

/**
 * The 202 of POST /v1/contexts/batch, `{"data": [created contexts, in order]}`, written to `out`
 * one context at a time (see JsonAnswer in http/send-json.ts).
 */
export function writeCreatedContexts(
  rows: readonly Context[],
  signer: Pick<ContextSigner, "address" | "signReceipt">,
  out: { write(text: string): void },
): void {
  out.write('{"data":[');
  for (let i = 0; i < rows.length; i++) {
    const json = createdContextJson(rows[i] as Context, signer);
    out.write(i === 0 ? json : `,${json}`);
  }
  out.write("]}");
}

/** The same as one string (an answer stored under an Idempotency-Key). */
export function createdContextsJson(
  rows: readonly Context[],
  signer: Pick<ContextSigner, "address" | "signReceipt">,
): string {
  const parts: string[] = [];
  writeCreatedContexts(rows, signer, { write: (text) => parts.push(text) });
  return parts.join("");
}

function receiptJson(
  row: Context,
  receivedAt: string,
  signer: Pick<ContextSigner, "address" | "signReceipt">,
): string {
  const fields = receiptFieldsOf(row);
  if (!fields) return "null";
  const signature = signer.signReceipt(fields);
  return (
    `{"context_hash":${str(row.contextHash)},"user_id":${str(row.userId)},"agent_id":${str(row.agentId)}` +
    `,"sequence":${num(fields.sequence)},"prev_entry_hash":${str(fields.prevEntryHash)}` +
    `,"received_at":"${receivedAt}","signer":${str(signer.address)},"signature":${str(signature)}}`
  );
}

function errorJson(row: Context): string {
  if (!row.errorCode) return "null";
  return JSON.stringify({ code: row.errorCode, message: row.errorMessage ?? "", details: row.errorDetails });
}

// Every string through JSON.stringify (its escaping is the answer's); numbers as JSON.stringify
// writes them (NaN and the infinities become null there, so here too).
const str = (s: string) => JSON.stringify(s);
const nullableStr = (s: string | null) => (s === null ? "null" : JSON.stringify(s));
const num = (n: number) => (Number.isFinite(n) ? String(n) : "null");
const nullableNum = (n: number | null) => (n === null ? "null" : num(n));
const bigintNum = (n: bigint | null) => (n === null ? "null" : num(Number(n)));
const nullableBool = (b: boolean | null) => (b === null ? "null" : b ? "true" : "false");
const nullableDate = (d: Date | null) => (d === null ? "null" : `"${d.toISOString()}"`);

/**
 * A batch's rows share one creation time and one estimated confirmation: each field keeps the
 * text of its last instant and reuses it while the same instant comes back.
 */
class LastIsoText {
  private time = Number.NaN;
  private text = "";
  of(d: Date): string {
    const time = d.getTime();
    if (time !== this.time) {
      this.text = d.toISOString(); // throws on an invalid Date, as contextResource does
      this.time = time;
    }
    return this.text;
  }
}
const createdIso = new LastIsoText();
const estimatedIso = new LastIsoText();
