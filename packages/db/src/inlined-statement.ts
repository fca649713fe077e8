// The hot write path's one way of sending a `.sql` statement (insert-context.ts, and the bench's
// unchained variant of it): pgTyped makes the text, and the values are written into it for the
// simple query protocol, so that BEGIN and COMMIT ride along in the same round trip.
import { randomBytes } from "node:crypto";
import type { PreparedQuery } from "@pgtyped/runtime";

// Each statement's text as pgTyped makes it (what runQuery would send) and the parameter each `$n`
// stands for, learnt once: pgTyped's text does not depend on the values of scalar parameters.
const statements = new WeakMap<object, { text: string; names: string[] }>();

/** The text pgTyped makes for `query`, and the name of the parameter each `$n` stands for. */
export async function statementOf<P extends object>(query: PreparedQuery<P, unknown>, params: P) {
  const known = statements.get(query);
  if (known) return known;
  let made: { text: string; names: string[] } | undefined;
  // each parameter given its own name as value, so the values pgTyped hands over name them
  const named = Object.fromEntries(Object.keys(params).map((name) => [name, name])) as P;
  await query.run(named, {
    query: async (text, values) => {
      made = { text, names: values as string[] };
      return { rows: [], rowCount: 0 };
    },
  });
  if (!made) throw new Error("pgTyped made no statement");
  statements.set(query, made);
  return made;
}

/**
 * A statement of a `.sql` file with its values written in, for the simple query protocol: each
 * value — JSON documents, and a hash's bytes — a dollar-quoted literal (no escaping: the quote's
 * tag is random and checked absent from the value; JSON text has no raw NUL). Bytes are written as
 * bytea's hex input (`\x…`), which the statement's `::bytea` reads back.
 */
export async function inlined<P extends object>(
  query: PreparedQuery<P, unknown>,
  params: P,
): Promise<string> {
  const { text, names } = await statementOf(query, params);
  return inlineValues(text, names, params as Record<string, unknown>);
}

/** `text` (a statement of statementOf, or one derived from it) with `values` written in for its `$n`. */
export function inlineValues(text: string, names: string[], values: Record<string, unknown>): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const given = values[names[Number(n) - 1] as string];
    const value = Buffer.isBuffer(given) ? `\\x${given.toString("hex")}` : given;
    if (typeof value !== "string") throw new TypeError(`parameter $${n} is neither text nor bytes`);
    let tag: string;
    do tag = `$j${randomBytes(6).toString("hex")}$`;
    while (value.includes(tag));
    return `${tag}${value}${tag}`;
  });
}
