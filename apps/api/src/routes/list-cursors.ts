import { AppError, type CursorShape, decodeCursor, encodeCursor, idCursor, isId } from "@ctxlog/core";
import type { SignerPosition } from "@ctxlog/db";
import { z } from "zod";

// Signers are ordered by (valid_from desc, address), so their cursor is that position. Same
// fields as before this table existed, so cursors already issued still decode.
const signerCursor: CursorShape<SignerPosition> = {
  // `k` (the kind) since one address may be both kinds; cursors issued before it start at its first
  write: (p) => ({ t: p.validFrom.toISOString(), a: p.address, ...(p.kind ? { k: p.kind } : {}) }),
  read: z
    .strictObject({
      t: z.iso.datetime(),
      a: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
      k: z.enum(["anchor", "attestation"]).optional(),
    })
    .transform((f) => ({ validFrom: new Date(f.t), address: f.a, kind: f.k })),
};

// Agent logs are ordered by agent_id: the cursor is the last one of the page.
const agentCursor: CursorShape<string> = {
  write: (agentId) => ({ g: agentId }),
  read: z.strictObject({ g: z.string().min(1).max(128) }).transform((f) => f.g),
};

// An agent's traces are ordered by their newest context: the cursor is that context id, in a
// shape of its own so a contexts cursor is not taken for a trace position.
const traceCursor: CursorShape<string> = {
  write: (contextId) => ({ tr: contextId }),
  read: z.strictObject({ tr: z.string().refine((id) => isId(id, "ctx")) }).transform((f) => f.tr),
};

/** What each list's cursor names: the position its next page starts after. */
interface ListPositions {
  contexts: string;
  verifications: string;
  webhooks: string;
  deliveries: string;
  events: string;
  signers: SignerPosition;
  accounts: string;
  keys: string;
  agents: string;
  traces: string;
  holds: string;
}
export type ListName = keyof ListPositions;

/**
 * Every list's cursor. Each id list names its own id prefix, so a cursor from one list is refused
 * by another rather than read as a position among rows of a different kind.
 */
const LIST_CURSORS: { [L in ListName]: CursorShape<ListPositions[L]> } = {
  contexts: idCursor("ctx"),
  verifications: idCursor("vrf"),
  webhooks: idCursor("whk"),
  deliveries: idCursor("dlv"),
  events: idCursor("evt"),
  signers: signerCursor,
  accounts: idCursor("acc"),
  keys: idCursor("key"),
  agents: agentCursor,
  traces: traceCursor,
  holds: idCursor("hld"),
};

/**
 * The position a query's `cursor` names in list `list`: undefined for the first page, else the
 * one 400 answer for anything this API did not issue for that list.
 */
export function readCursor<L extends ListName>(
  cursor: string | undefined,
  list: L,
): ListPositions[L] | undefined {
  if (cursor === undefined) return undefined;
  const position = decodeCursor(LIST_CURSORS[list], cursor);
  if (position === null) throw new AppError("VALIDATION_ERROR", "cursor is not one this API issued.");
  return position;
}

/** The `next_cursor` of a page: null on the last one. */
export function nextCursor<L extends ListName>(list: L, position: ListPositions[L] | null): string | null {
  return position === null ? null : encodeCursor(LIST_CURSORS[list], position);
}
