import { ANCHOR_TREES } from "./anchor-trees";
import type { DataStep } from "./data-step";

export type { DataStep } from "./data-step";

/** Every data step, in the order of the migrations they follow. */
export const DATA_STEPS: readonly DataStep[] = [ANCHOR_TREES];
