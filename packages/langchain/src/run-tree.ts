import type { JsonValue } from "./json-value";
import type { StepKind } from "./options";

/** A run between its start and its end: what the start callback told, which the end does not repeat. */
export interface OpenRun {
  runId: string;
  parentRunId?: string;
  rootRunId: string;
  agentId: string;
  kind: StepKind;
  name: string;
  tags: string[];
  /** LangChain's metadata for the run (langgraph_node, ls_model_name…). */
  metadata: Record<string, unknown>;
  /** Tagged `langsmith:hidden` (graph plumbing such as `__start__`): kept in the tree, not logged. */
  hidden: boolean;
  startedAt: number;
  input?: JsonValue;
  model?: string;
  toolCallId?: string;
}

/** A run tree whose root is still open: the ids of its runs that ended, to refuse a second report. */
interface OpenTree {
  ended: Set<string>;
}

/** Ended run ids remembered per tree; past it the oldest are forgotten (a tree of many thousands of steps). */
const MAX_ENDED_PER_TREE = 10_000;

/**
 * The runs the handler has seen start and not yet end, by run id, and for each open tree the runs
 * that already ended in it. A run's root is the first ancestor this handler saw start (the run the
 * program invoked, or the outermost run the handler was given to). A run reported twice (the same
 * run id starting again in its tree, or ending again) is refused, so it is logged once; a tree's
 * record of ended runs is dropped when its root ends, so memory follows the runs in flight.
 */
export class RunTree {
  private readonly open = new Map<string, OpenRun>();
  private readonly trees = new Map<string, OpenTree>();

  /** The open run with this id. */
  get(runId: string): OpenRun | undefined {
    return this.open.get(runId);
  }

  /** Runs open now (started, not ended). */
  get size(): number {
    return this.open.size;
  }

  /**
   * The root run id a new run belongs to: its parent's root when the parent is open here, else its
   * own id (it starts a tree).
   */
  rootOf(runId: string, parentRunId: string | undefined): string {
    const parent = parentRunId === undefined ? undefined : this.open.get(parentRunId);
    return parent ? parent.rootRunId : runId;
  }

  /** Records a run's start; false when it is a repeat (already open, or already ended in its tree). */
  start(run: OpenRun): boolean {
    if (this.open.has(run.runId)) return false;
    const tree = this.trees.get(run.rootRunId);
    if (tree?.ended.has(run.runId)) return false;
    if (run.rootRunId === run.runId) this.trees.set(run.runId, { ended: new Set() });
    this.open.set(run.runId, run);
    return true;
  }

  /** The run that ends now, removed from the open runs; undefined when it is not open (a repeat). */
  end(runId: string): OpenRun | undefined {
    const run = this.open.get(runId);
    if (!run) return undefined;
    this.open.delete(runId);
    if (run.rootRunId === runId) {
      this.trees.delete(runId);
      return run;
    }
    const ended = this.trees.get(run.rootRunId)?.ended;
    if (ended) {
      ended.add(runId);
      if (ended.size > MAX_ENDED_PER_TREE) ended.delete(ended.values().next().value as string);
    }
    return run;
  }
}
