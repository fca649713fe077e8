import { ANCHOR_TREES } from "./anchor-trees";
import { ATTEMPT_FORMS } from "./attempt-forms";
import { CONTEXT_SIGNERS } from "./context-signers";
import type { DataStep } from "./data-step";
import { EVENT_FORMS } from "./event-forms";

export type { DataStep } from "./data-step";

/** Every data step, in the order of the migrations they follow. */
export const DATA_STEPS: readonly DataStep[] = [ANCHOR_TREES, EVENT_FORMS, ATTEMPT_FORMS, CONTEXT_SIGNERS];
