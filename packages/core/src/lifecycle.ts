/**
 * A lifecycle as data: its states and the transitions between them, each with the event that
 * causes it. Each aggregate (a context, an anchor batch, a delivery, an endpoint) states its own
 * once, with `defineLifecycle`; every change of its status names a transition of that table
 * (`transition`), and a change the table does not have throws before anything is written. The
 * docs' diagrams are drawn from the same table (`mermaidDiagram`), so they cannot drift from it.
 */
export interface Transition<S extends string, E extends string> {
  /** null: the aggregate comes into being in `to` */
  from: S | null;
  to: S;
  on: E;
  /** why, in a few words: shown on the diagram's arrow */
  note?: string;
}

export interface Lifecycle<S extends string, E extends string> {
  name: string;
  states: readonly S[];
  /** the states an aggregate never leaves */
  final: readonly S[];
  transitions: readonly Transition<S, E>[];
}

export class TransitionRefused extends Error {
  constructor(
    readonly lifecycle: string,
    readonly from: string | null,
    readonly on: string,
  ) {
    super(`${lifecycle}: no transition on "${on}" from ${from === null ? "(new)" : `"${from}"`}`);
    this.name = "TransitionRefused";
  }
}

/**
 * Checks the table once, when it is defined: every state named is one of `states`, no event leads
 * from one state to two, and final states have no way out.
 */
export function defineLifecycle<const S extends string, const E extends string>(
  lifecycle: Lifecycle<S, E>,
): Lifecycle<S, E> {
  const known = new Set<string>(lifecycle.states);
  const seen = new Set<string>();
  for (const t of lifecycle.transitions) {
    for (const state of [t.from, t.to]) {
      if (state !== null && !known.has(state)) {
        throw new Error(`${lifecycle.name}: unknown state "${state}" in a transition`);
      }
    }
    const key = `${t.from} ${t.on}`;
    if (seen.has(key)) throw new Error(`${lifecycle.name}: "${t.on}" leads from ${t.from} twice`);
    seen.add(key);
    if (t.from !== null && lifecycle.final.includes(t.from)) {
      throw new Error(`${lifecycle.name}: final state "${t.from}" has a way out ("${t.on}")`);
    }
  }
  return lifecycle;
}

/** The state `event` leads to from `from` (null: a new aggregate); throws TransitionRefused else. */
export function transition<S extends string, E extends string>(
  lifecycle: Lifecycle<S, E>,
  from: S | null,
  event: E,
): S {
  const found = lifecycle.transitions.find((t) => t.from === from && t.on === event);
  if (!found) throw new TransitionRefused(lifecycle.name, from, event);
  return found.to;
}

/** The states `event` may be applied in (what a bulk statement's WHERE must hold the rows to). */
export function statesFor<S extends string, E extends string>(lifecycle: Lifecycle<S, E>, event: E): S[] {
  const from = lifecycle.transitions.filter((t) => t.on === event && t.from !== null).map((t) => t.from as S);
  if (from.length === 0 && !lifecycle.transitions.some((t) => t.on === event)) {
    throw new TransitionRefused(lifecycle.name, null, event);
  }
  return from;
}

/** The lifecycle as a Mermaid state diagram, for the docs. */
export function mermaidDiagram<S extends string, E extends string>(lifecycle: Lifecycle<S, E>): string {
  const lines = ["stateDiagram-v2"];
  for (const t of lifecycle.transitions) {
    const label = t.note ? `${t.on} (${t.note})` : t.on;
    lines.push(`  ${t.from ?? "[*]"} --> ${t.to}: ${label}`);
  }
  for (const state of lifecycle.final) lines.push(`  ${state} --> [*]`);
  return lines.join("\n");
}
