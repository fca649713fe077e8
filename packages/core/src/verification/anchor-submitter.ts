import type { AnchoredRoot, VerificationCheck, VerificationInput } from "./types";

const lower = (s: string) => s.toLowerCase();

/**
 * The Anchored logs the submitter check looks at: the one for the stored batch's root, or, with no
 * stored batch to name a root, every log the registry emitted in the receipt.
 */
export function anchoredLogsToCheck(input: VerificationInput): AnchoredRoot[] {
  const receipt = input.chain.receipt;
  if (!receipt) return [];
  const logs = receipt.anchored.filter((a) => input.registries.some((r) => lower(r) === lower(a.registry)));
  const root = input.stored?.anchor?.merkleRoot;
  return root === undefined ? logs : logs.filter((l) => lower(l.root) === lower(root));
}

/**
 * The `anchor_submitter` link: anyone may call the registry's `anchor`, so an Anchored log binds a
 * root to this service only when its `submitter` (msg.sender) is one of the service's published
 * anchor keys (GET /v1/signers, kind "anchor": the chain worker's gas-paying key, kept apart from
 * the attestation key). Without it, someone else's transaction carrying one of our roots would
 * pass for our anchor.
 */
export function checkAnchorSubmitter(input: VerificationInput, missingTx: string): VerificationCheck {
  const fail = (reason: string): VerificationCheck => ({ name: "anchor_submitter", ok: false, reason });
  if (!input.chain.receipt) return fail(missingTx);
  const logs = anchoredLogsToCheck(input);
  if (logs.length === 0) return fail("no Anchored log for this root, so no submitter to check");
  const published = new Set(
    input.signers.filter((s) => s.kind !== "attestation").map((s) => lower(s.address)),
  );
  const strangers = [...new Set(logs.map((l) => l.submitter))].filter((a) => !published.has(lower(a)));
  if (strangers.length > 0) {
    return fail(
      `the root was anchored by ${strangers.join(", ")}, not a published anchor key of this service (GET /v1/signers)`,
    );
  }
  const by = [...new Set(logs.map((l) => l.submitter))].join(", ");
  return {
    name: "anchor_submitter",
    ok: true,
    reason: `anchored by ${by}, a published anchor key of this service`,
  };
}
