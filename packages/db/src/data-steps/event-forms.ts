import {
  CONFIRMED_REFERENCE,
  CREATED_REFERENCE_MARK,
  type EventName,
  type ReferencedContext,
  renderStoredPayload,
  type StoredEventRow,
} from "@ctxlog/core";
import { referencedContext } from "../events/render-payloads";
import { runQuery } from "../run-query";
import type { SqlRunner } from "../sql-transaction";
import type { DataStep } from "./data-step";
import { contextsOfOlderForms, eventsInOlderForms, keepEventForms } from "./event-forms.queries";
import { rewriteOlderForm } from "./older-event-forms";

/**
 * Every event of a context stored in a form older than its one form (event-references.ts) — the
 * whole envelope, a `~` envelope with its row's members null, a `~c`/`~a` skeleton — is rewritten
 * into its reference, `~C…` or `~A`, but only if the reference renders the very bytes the older
 * form rendered (from the same context, anchor and event row): a retry of a delivery made before
 * signs and sends what the first attempt did. A row whose rendering would change (a whole envelope
 * whose data is not in the order its context's stored data gives, a timestamp that is not its
 * row's created_at) stops the upgrade, naming it, before anything is rewritten (one transaction);
 * none is left in a form nothing reads.
 */
const REFERENCED: readonly EventName[] = ["context.created", "context.confirmed"];
const PAGE = 500;
/** Refusals named in the error (the count says how many there were). */
const NAMED = 10;

interface Refusal {
  id: string;
  why: string;
}

/** The reference an event becomes, or why it cannot (its rendering would not be the same bytes). */
function rewrite(
  event: { id: string; event: string; payload: string } & StoredEventRow,
  context: ReferencedContext | null,
): string | Refusal {
  try {
    const { was, reference } = rewriteOlderForm(event.payload, context);
    const now = renderStoredPayload(reference, context, event);
    if (JSON.parse(now).event !== event.event) return { id: event.id, why: `not a ${event.event}` };
    if (now !== was) return { id: event.id, why: "its reference would render other bytes" };
    return reference;
  } catch (error) {
    return { id: event.id, why: (error as Error).message };
  }
}

async function keepEventFormsOfAll(sql: SqlRunner): Promise<void> {
  const refused: Refusal[] = [];
  let after = "";
  for (;;) {
    const page = await runQuery(
      eventsInOlderForms,
      {
        events: [...REFERENCED],
        confirmedReference: CONFIRMED_REFERENCE,
        createdMark: CREATED_REFERENCE_MARK,
        after,
        limit: PAGE,
      },
      sql,
    );
    const ids = [...new Set(page.map((e) => e.context_id))];
    const rows = ids.length === 0 ? [] : await runQuery(contextsOfOlderForms, { ids }, sql);
    const contexts = new Map(rows.map((r) => [r.id, referencedContext(r)]));
    const kept: { id: string; payload: string }[] = [];
    for (const e of page) {
      const row = { ...e, contextId: e.context_id, createdAt: new Date(e.created_at) };
      const result = rewrite(row, contexts.get(e.context_id) ?? null);
      if (typeof result === "string") kept.push({ id: e.id, payload: result });
      else refused.push(result);
    }
    if (kept.length > 0)
      await runQuery(
        keepEventForms,
        { ids: kept.map((k) => k.id), payloads: kept.map((k) => k.payload) },
        sql,
      );
    const last = page[page.length - 1];
    if (!last || page.length < PAGE) break;
    after = last.id;
  }
  if (refused.length > 0)
    throw new Error(
      `${refused.length} events cannot be stored in their one form without changing the bytes they were sent as: ${refused
        .slice(0, NAMED)
        .map((r) => `${r.id} (${r.why})`)
        .join(", ")}`,
    );
}

export const EVENT_FORMS: DataStep = {
  after: "20261129200000_one_event_form",
  name: "event_forms",
  run: keepEventFormsOfAll,
};
