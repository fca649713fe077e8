export type JsonHazard = { path: string; reason: string };

// `key` is set for object members so the key is checked just before its value: document order.
// The path is not built while walking (most documents have no hazard, and building a string per
// node was most of the walk's cost): a frame links to its parent, and the path is assembled from
// those links only for the frame where a hazard is found.
type Frame = { value: unknown; depth: number; parent: Frame | null; key?: string; index?: number };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const MAX_KEY_IN_PATH = 64;

/**
 * Finds the first thing that parses as JSON but must not be accepted, so it can be answered with a
 * 400 instead of surfacing later as a 500 or as a silent change. "First" is in document order,
 * except that JavaScript enumerates integer-like keys before the others.
 *
 * - a `__proto__` key: JSON.parse makes it an own property, but object literals, Object.assign and
 *   many libraries treat it as the prototype setter, so the key can vanish between receipt,
 *   storage and a verifier's recomputation, changing the hash (and it is the classic pollution
 *   vector). `constructor` and `prototype` are deliberately allowed: they are ordinary words in
 *   real context data and are only dangerous to recursive-merge code, which we never run on it.
 * - nesting deeper than `maxDepth`: canonicalisation and PostgreSQL both recurse. The root
 *   object or array is depth 1, so maxDepth 1 allows {"a":1} and rejects {"a":{}}.
 * - U+0000 or a lone UTF-16 surrogate in a string value or key: PostgreSQL jsonb rejects both.
 * - a non-finite number, or anything that has no JSON form (only reachable from non-parsed input).
 *
 * Iterative with an explicit stack, so a hostile 10,000-deep document cannot overflow ours; the
 * walk stops descending at maxDepth, which also bounds it on cyclic input.
 */
export function findJsonHazard(value: unknown, opts: { maxDepth: number }): JsonHazard | null {
  const stack: Frame[] = [{ value, depth: 0, parent: null }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const hazard = inspect(frame, opts.maxDepth, stack);
    if (hazard) return hazard;
  }
  return null;
}

function inspect(frame: Frame, maxDepth: number, stack: Frame[]): JsonHazard | null {
  const { value, depth, key } = frame;
  if (key !== undefined) {
    if (key === "__proto__") return { path: pathOf(frame), reason: 'key "__proto__" is not allowed' };
    const problem = stringHazard(key);
    if (problem) return { path: pathOf(frame), reason: `key ${problem}` };
  }
  switch (typeof value) {
    case "string": {
      const problem = stringHazard(value);
      return problem ? { path: pathOf(frame), reason: `string ${problem}` } : null;
    }
    case "number":
      return Number.isFinite(value) ? null : { path: pathOf(frame), reason: "number is not finite" };
    case "boolean":
      return null;
    case "object":
      break;
    default:
      return { path: pathOf(frame), reason: `${typeof value} is not a JSON value` };
  }
  if (value === null) return null;
  if (depth + 1 > maxDepth) return { path: pathOf(frame), reason: `nesting deeper than ${maxDepth} levels` };

  // Children are pushed in reverse so they pop in document order and "first" is well defined.
  if (Array.isArray(value)) {
    for (let i = value.length - 1; i >= 0; i--) {
      stack.push({ value: value[i], depth: depth + 1, parent: frame, index: i });
    }
    return null;
  }
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i] as string;
    stack.push({ value: (value as Record<string, unknown>)[k], depth: depth + 1, parent: frame, key: k });
  }
  return null;
}

/** The path of a frame: its ancestors' keys and indexes, from the root. */
function pathOf(frame: Frame): string {
  const chain: Frame[] = [];
  for (let f: Frame | null = frame; f?.parent; f = f.parent) chain.push(f);
  let path = "";
  for (let i = chain.length - 1; i >= 0; i--) {
    const f = chain[i] as Frame;
    path = f.key === undefined ? `${path}[${f.index}]` : joinKey(path, f.key);
  }
  return path;
}

// What stringHazard looks for; most strings have none of it, and native scans (a regular
// expression, includes) find that several times faster than the loop below.
const SURROGATE = /[\ud800-\udfff]/;

/** Describes why PostgreSQL would reject the string, or null when it is fine. */
function stringHazard(s: string): string | null {
  if (!SURROGATE.test(s) && !s.includes("\u0000")) return null;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return "contains U+0000";
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1); // NaN past the end
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return "contains a lone UTF-16 surrogate";
    }
    if (c >= 0xdc00 && c <= 0xdfff) return "contains a lone UTF-16 surrogate";
  }
  return null;
}

// Dotted where unambiguous, bracketed JSON strings otherwise; JSON.stringify also escapes the NUL
// and lone surrogates we report, so the path itself is safe to log and to store. Long keys are
// shortened: a path is a pointer for a human, and must not echo a megabyte key back.
function joinKey(path: string, key: string): string {
  if (key.length <= MAX_KEY_IN_PATH && IDENTIFIER.test(key)) return path === "" ? key : `${path}.${key}`;
  const shown = key.length > MAX_KEY_IN_PATH ? `${key.slice(0, MAX_KEY_IN_PATH)}…` : key;
  return `${path}[${JSON.stringify(shown)}]`;
}
