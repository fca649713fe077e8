import { ANCHOR_TREES } from "./anchor-trees";
import { ATTEMPT_FORMS, ATTEMPT_SIGNATURES_NOT_KEPT } from "./attempt-forms";
import { CONTEXT_SIGNERS } from "./context-signers";
import type { DataStep } from "./data-step";
import { EVENT_FORMS } from "./event-forms";
import { SEALED_SECRETS } from "./sealed-secrets";

export type { DataStep, DataStepContext } from "./data-step";
export { PlaintextSecretsWithoutKeyringError } from "./sealed-secrets";

/** Every data step, in the order of the migrations they follow. */
export const DATA_STEPS: readonly DataStep[] = [
  ANCHOR_TREES,
  EVENT_FORMS,
  ATTEMPT_FORMS,
  CONTEXT_SIGNERS,
  SEALED_SECRETS,
  ATTEMPT_SIGNATURES_NOT_KEPT,
];
