import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import { publishContextSigners } from "./context-signers.queries";
import type { DataStep } from "./data-step";

/**
 * Every signer address found on contexts published as an "attestation" signer (signers/), its
 * period covering its contexts. Contexts written before the signers table existed carry addresses
 * no process ever registered; the API used to fold them in from contexts at every start (a full
 * scan) and again on a verification's miss. Since the table, every API process registers its key
 * from the moment it started (register-signer.ts), so only the rows already there need it, once.
 */
async function publishSignersOfContexts(sql: SqlRunner): Promise<void> {
  await runQuery(publishContextSigners, undefined, sql);
}

export const CONTEXT_SIGNERS: DataStep = {
  after: "20261130005000_context_references",
  name: "context_signers",
  run: publishSignersOfContexts,
};
