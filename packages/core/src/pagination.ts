import { isId } from "./ids";

// Versioned so the cursor's contents can change (say, to a sort key plus id) while old cursors
// held by clients are still recognised, or at least cleanly refused.
const VERSION = 1;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAX_CURSOR_LENGTH = 256;

/** An opaque cursor for keyset pagination after `id`. Clients must not parse it. */
export function encodeCursor(id: string): string {
  if (!isId(id)) throw new TypeError(`cursor position must be an id, got ${JSON.stringify(id)}`);
  return Buffer.from(JSON.stringify({ v: VERSION, id }), "utf8").toString("base64url");
}

/**
 * The id a cursor points after, or null for anything we did not produce. Null, never a throw, so
 * the caller answers 400 VALIDATION_ERROR; and the id is re-validated, because the cursor comes
 * from the client and would otherwise carry arbitrary text (a NUL byte, say) into a SQL query.
 */
export function decodeCursor(cursor: string): string | null {
  if (typeof cursor !== "string" || cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { v, id } = parsed as { v?: unknown; id?: unknown };
  if (v !== VERSION || !isId(id)) return null;
  // Exactly one spelling per position: re-encoding must give the same text back, which refuses
  // padded, re-ordered or extra-field variants of a valid cursor.
  return encodeCursor(id) === cursor ? id : null;
}
