import { z } from "zod";
import { type IdPrefix, isId } from "./ids";

// Versioned so a cursor's contents can change while cursors held by clients are still recognised,
// or at least cleanly refused. Every list's cursor is `{"v":1, ...the position's fields}`.
const VERSION = 1;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAX_CURSOR_LENGTH = 256;

/**
 * What one list's cursor carries. `write` gives the position's fields in the one order they are
 * written (never a field named `v`); `read` reads them back and must refuse anything `write` would
 * not produce — a strict object, so an extra field is refused too. Positions come back from
 * clients, so `read` is what stops arbitrary text reaching a SQL query.
 */
export interface CursorShape<P> {
  readonly write: (position: P) => Record<string, string>;
  readonly read: z.ZodType<P>;
}

/** The cursor of a list ordered by time-ordered ids (newest first): the last id of the page. */
export function idCursor(prefix: IdPrefix): CursorShape<string> {
  return {
    write: (id) => ({ id }),
    read: z
      .strictObject({ id: z.string().refine((id) => isId(id, prefix)) })
      .transform((fields) => fields.id),
  };
}

/** An opaque cursor for the page after `position`. Clients must not parse it. */
export function encodeCursor<P>(shape: CursorShape<P>, position: P): string {
  const fields = shape.write(position);
  if ("v" in fields || !shape.read.safeParse(fields).success)
    throw new TypeError(`not a cursor position: ${JSON.stringify(fields)}`);
  return Buffer.from(JSON.stringify({ v: VERSION, ...fields }), "utf8").toString("base64url");
}

/**
 * The position a cursor points after, or null for anything `encodeCursor` did not produce for this
 * shape. Null, never a throw, so the caller gives its one 400 answer.
 */
export function decodeCursor<P>(shape: CursorShape<P>, cursor: unknown): P | null {
  if (typeof cursor !== "string" || cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
    const { v, ...fields } = parsed as Record<string, unknown>;
    if (v !== VERSION) return null;
    const position = shape.read.safeParse(fields);
    if (!position.success) return null;
    // Exactly one spelling per position: re-encoding must give the same text back, which refuses
    // padded, re-ordered, re-spaced or otherwise re-written variants of a valid cursor.
    return encodeCursor(shape, position.data) === cursor ? position.data : null;
  } catch {
    return null;
  }
}
