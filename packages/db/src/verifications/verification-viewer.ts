/**
 * Who is reading verifications: always inside their own user's. Keys that read all of the user's
 * contexts (full, read only) see all of its verifications; the others (public, restricted) only
 * those made with their own key family, since a verification describes the context it checked
 * (verifications.sql: the keys of the family, the user's own).
 */
export interface VerificationViewer {
  userId: string;
  keyFamilyId: string;
  scope: "all" | "family";
}
