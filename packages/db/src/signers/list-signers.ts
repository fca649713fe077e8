import { pageOf } from "../page";
import type { DbOrTx } from "../prisma-types";

export interface SignerRow {
  address: string;
  /** "attestation" (signs context hashes and receipts) or "anchor" (sends anchor transactions) */
  kind: string;
  validFrom: Date;
  lastSeenAt: Date;
  validUntil: Date | null;
}

/** Where a page of signers starts: after this (valid_from, address, kind). */
export interface SignerPosition {
  validFrom: Date;
  address: string;
  kind?: string;
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
            { validFrom: after.validFrom, address: after.address, kind: { gt: after.kind ?? "" } },
          ],
        }
      : {},
    orderBy: [{ validFrom: "desc" }, { address: "asc" }, { kind: "asc" }],
    take: query.limit + 1,
  });
  return pageOf(
    rows,
    query.limit,
    (row): SignerPosition => ({ validFrom: row.validFrom, address: row.address, kind: row.kind }),
  );
}

/** Every published signer, for checking signatures (a handful of rows). */
export async function allSigners(db: DbOrTx): Promise<SignerRow[]> {
  return db.signer.findMany({ orderBy: [{ validFrom: "desc" }, { address: "asc" }] });
}
