import { pageOf } from "../page";
import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { allSignersOf, signersPage } from "./list-signers.queries";

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
  const rows = (
    await runQuery(
      signersPage,
      {
        afterValidFrom: after?.validFrom ?? null,
        afterAddress: after?.address ?? null,
        afterKind: after?.kind ?? "",
        limit: query.limit + 1,
      },
      sqlOf(db),
    )
  ).map(signerOf);
  return pageOf(
    rows,
    query.limit,
    (row): SignerPosition => ({ validFrom: row.validFrom, address: row.address, kind: row.kind }),
  );
}

/** Every published signer, for checking signatures (a handful of rows). */
export async function allSigners(db: DbOrTx): Promise<SignerRow[]> {
  return (await runQuery(allSignersOf, undefined, sqlOf(db))).map(signerOf);
}

const signerOf = (r: {
  address: string;
  kind: string;
  valid_from: Date;
  last_seen_at: Date;
  valid_until: Date | null;
}): SignerRow => ({
  address: r.address,
  kind: r.kind,
  validFrom: r.valid_from,
  lastSeenAt: r.last_seen_at,
  validUntil: r.valid_until,
});
