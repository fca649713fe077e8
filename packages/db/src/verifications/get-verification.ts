import type { DbOrTx } from "../prisma-types";
import { type VerificationViewer, viewerFilter } from "./verification-viewer";

/** A verification the viewer may see, or null (the caller answers 404 either way). */
export async function getVerification(db: DbOrTx, viewer: VerificationViewer, id: string) {
  return db.verification.findFirst({ where: { id, ...(await viewerFilter(db, viewer)) } });
}
