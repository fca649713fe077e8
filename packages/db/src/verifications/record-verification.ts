import { verificationCompletedData } from "@ctxlog/core";
import { recordEvents } from "../events/record-event";
import type { Prisma, PrismaClient } from "../generated/prisma/client";

export interface NewVerification {
  id: string;
  userId: string;
  apiKeyId: string;
  /** the context verified by id; null when a caller supplied the data */
  contextId: string | null;
  transactionHash: string | null;
  verified: boolean;
  agentId: string;
  contextHash: string;
  signatureValid: boolean;
  hashMatches: boolean;
  blockNumber: bigint | null;
  confirmations: number;
  verificationTimeMs: number;
  checks: { name: string; ok: boolean; reason: string }[];
  createdAt: Date;
}

/**
 * Stores verifications and their `verification.completed` events in one transaction (the events
 * exist exactly when the verifications do): one round trip for many concurrent verifications.
 */
export async function recordVerifications(db: PrismaClient, rows: readonly NewVerification[]): Promise<void> {
  if (rows.length === 0) return;
  await db.$transaction(async (tx) => {
    await tx.verification.createMany({
      data: rows.map((v) => ({ ...v, checks: v.checks as unknown as Prisma.InputJsonValue })),
    });
    await recordEvents(
      tx,
      rows.map((v) => ({
        userId: v.userId,
        event: "verification.completed" as const,
        data: verificationCompletedData(v),
        contextId: v.contextId,
        timestamp: v.createdAt,
      })),
    );
  });
}

/** One verification and its event; `recordVerifications` for several at once. */
export async function recordVerification(db: PrismaClient, v: NewVerification): Promise<void> {
  await recordVerifications(db, [v]);
}
