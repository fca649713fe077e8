import type { DbOrTx } from "../prisma-types";
import { runQuery } from "../run-query";
import { sqlOf } from "../sql-transaction";
import { type Verification, verificationOfRow } from "./verification-row";
import type { VerificationViewer } from "./verification-viewer";
import { verificationOf } from "./verifications.queries";

/** A verification the viewer may see, or null (the caller answers 404 either way). */
export async function getVerification(
  db: DbOrTx,
  viewer: VerificationViewer,
  id: string,
): Promise<Verification | null> {
  const [row] = await runQuery(verificationOf, { id, ...viewer }, sqlOf(db));
  return row ? verificationOfRow(row) : null;
}
