import { type VerificationView, verificationCompletedData } from "@ctxlog/core";
import { recordEvents } from "../events/record-event";
import type { Prisma, PrismaClient } from "../generated/prisma/client";

/** The event's fields (VerificationView) plus who asked, about what, and each check's outcome. */
export interface NewVerification extends VerificationView {
  userId: string;
  apiKeyId: string;
  /** the context verified by id; null when a caller supplied the data */
  contextId: string | null;
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
