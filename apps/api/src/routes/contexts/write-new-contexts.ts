import { AppError, buildNewContexts, type NewContext, type NewContextInput } from "@ctxlog/core";
import type { Context } from "@ctxlog/db";
import type { ApiDeps } from "../../deps";
import type { AuthContext } from "../../http/request-context";
import { findNewContextProblem } from "./check-new-context";

type WriteDeps = Pick<ApiDeps, "env" | "signer" | "contextWriter" | "confirmationEstimate">;

/**
 * Checks N submitted contexts (sizes, the key's agent patterns: all or nothing, a 400 listing
 * every bad item by index) and builds their rows: ids, canonical JSON and hash, times. The rows
 * are numbered and signed where they are written (ContextWriter).
 */
export function newContextRows(
  { env, signer, confirmationEstimate }: Omit<WriteDeps, "contextWriter">,
  auth: AuthContext,
  inputs: readonly NewContextInput[],
  itemsField = "contexts",
): NewContext[] {
  const canonical: string[] = [];
  const details = inputs.flatMap((input, index) => {
    const checked = findNewContextProblem(input, auth);
    if (checked.canonical !== undefined) {
      canonical.push(checked.canonical);
      return [];
    }
    const { problem } = checked;
    const path = `${itemsField}.${index}.${problem.path}`;
    return [{ index, code: problem.code, path, message: problem.message }];
  });
  const first = details[0];
  if (first) {
    throw new AppError(
      "VALIDATION_ERROR",
      `${details.length} of ${inputs.length} contexts refused; the first: ${first.path}: ${first.message}`,
      { details },
    );
  }
  const owner = { userId: auth.userId, apiKeyId: auth.keyId, keyFamilyId: auth.keyFamilyId };
  return buildNewContexts(owner, inputs, {
    signer,
    network: env.NETWORK_NAME,
    confirmationDelayMs: confirmationEstimate.delayMs(),
    canonical,
  });
}

/**
 * THE entry point for writing new contexts on behalf of an authenticated key: "write these N new
 * contexts for this auth" (POST /v1/contexts/batch, and any route that turns its input into
 * contexts). Resolves with the rows as committed (numbered in their logs, signed, anchoring
 * queued), in input order. The caller has charged the rate limit (one unit per context).
 */
export async function writeNewContexts(
  deps: WriteDeps,
  auth: AuthContext,
  inputs: readonly NewContextInput[],
): Promise<Context[]> {
  return deps.contextWriter.write(newContextRows(deps, auth, inputs));
}
