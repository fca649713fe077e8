import { pageOf } from "../page";
import type { DbOrTx } from "../prisma-types";

export interface SignerRow {
  address: string;
  validFrom: Date;
  lastSeenAt: Date;
  validUntil: Date | null;
}

/** Where a page of signers starts: after this (valid_from, address). */
export interface SignerPosition {
  validFrom: Date;
  address: string;
}

/** Newest period first (then by address): the signer in use now leads. */
export async function listSigners(db: DbOrTx, query: { limit: number; after?: SignerPosition }) {
  const after = query.after;
  const rows: SignerRow[] = await db.signer.findMany({
    where: after
      ? {
          OR: [
            { validFrom: { lt: after.validFrom } },
            { validFrom: after.validFrom, address: { gt: after.address } },
          ],
        }
      : {},
    orderBy: [{ validFrom: "desc" }, { address: "asc" }],
    take: query.limit + 1,
  });
  return pageOf(
    rows,
    query.limit,
    (row): SignerPosition => ({ validFrom: row.validFrom, address: row.address }),
  );
}

/** Every published signer, for checking signatures (a handful of rows). */
export async function allSigners(db: DbOrTx): Promise<SignerRow[]> {
  return db.signer.findMany({ orderBy: [{ validFrom: "desc" }, { address: "asc" }] });
}
