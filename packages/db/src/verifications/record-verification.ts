import { type VerificationCheck, type VerificationView, verificationCompletedData } from "@ctxlog/core";
import { insertOutboxRows, outboxRow } from "../events/record-event";
import { bufferOfHex } from "../hex-columns";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { inSqlTransaction } from "../sql-transaction";
import { insertVerifications } from "./verifications.queries";

/** The event's fields (VerificationView) plus who asked, about what, and each check's outcome. */
export interface NewVerification extends VerificationView {
  userId: string;
  apiKeyId: string;
  /** the context verified by id; null when a caller supplied the data */
  contextId: string | null;
  checks: VerificationCheck[];
  createdAt: Date;
}

/**
 * Stores verifications and their `verification.completed` events in one transaction (the events
 * exist exactly when the verifications do): one round trip for many concurrent verifications.
 */
export async function recordVerifications(db: DbOrTx, rows: readonly NewVerification[]): Promise<void> {
  if (rows.length === 0) return;
  await inSqlTransaction(db, async (sql) => {
    await runQuery(
      insertVerifications,
      {
        ids: rows.map((v) => v.id),
        userIds: rows.map((v) => v.userId),
        apiKeyIds: rows.map((v) => v.apiKeyId),
        // pgTyped types an array parameter's elements as not null; these hold NULLs
        contextIds: rows.map((v) => v.contextId) as string[],
        transactionHashes: rows.map((v) => bufferOfHex(v.transactionHash)) as Buffer[],
        verified: rows.map((v) => v.verified),
        agentIds: rows.map((v) => v.agentId),
        contextHashes: rows.map((v) => bufferOfHex(v.contextHash)),
        signaturesValid: rows.map((v) => v.signatureValid),
        hashesMatch: rows.map((v) => v.hashMatches),
        blockNumbers: rows.map((v) => (v.blockNumber === null ? null : v.blockNumber.toString())) as string[],
        confirmations: rows.map((v) => v.confirmations),
        verificationTimesMs: rows.map((v) => v.verificationTimeMs),
        checks: rows.map((v) => JSON.stringify(v.checks)),
        createdAts: rows.map((v) => v.createdAt),
      },
      sql,
    );
    await insertOutboxRows(
      sql,
      rows.map((v) =>
        outboxRow({
          userId: v.userId,
          event: "verification.completed",
          data: verificationCompletedData(v),
          contextId: v.contextId,
          timestamp: v.createdAt,
        }),
      ),
    );
  });
}
