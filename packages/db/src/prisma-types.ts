import type { Prisma, PrismaClient } from "./generated/prisma/client";

/** Either the client or a transaction: repository functions accept both. */
export type DbOrTx = PrismaClient | Prisma.TransactionClient;
