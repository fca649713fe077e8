import { contextReadScope, verificationReadScope } from "@ctxlog/core";
import type { ContextReader, VerificationViewer } from "@ctxlog/db";
import type { ReadScopeKind } from "../routes/route-spec";
import type { AuthContext } from "./request-context";

/**
 * The reader a route's declared `scope` makes of its caller: always inside the caller's own user,
 * narrowed by the key's type (core's read-scope tables). The one place a key type becomes the rows
 * it may see; handlers receive the result and never look at the type themselves.
 */
export function readScopeOf(kind: ReadScopeKind, auth: AuthContext): ContextReader | VerificationViewer {
  const owner = { userId: auth.userId, keyFamilyId: auth.keyFamilyId };
  return kind === "contexts"
    ? { ...owner, scope: contextReadScope(auth.type) }
    : { ...owner, scope: verificationReadScope(auth.type) };
}
