export type JsonHazard = { path: string; reason: string };

// `key` is set for object members so the key is checked just before its value: document order.
type Frame = { value: unknown; path: string; depth: number; key?: string };

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
  const stack: Frame[] = [{ value, path: "", depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const hazard = inspect(frame, opts.maxDepth, stack);
    if (hazard) return hazard;
  }
  return null;
}

function inspect({ value, path, depth, key }: Frame, maxDepth: number, stack: Frame[]): JsonHazard | null {
  if (key !== undefined) {
    if (key === "__proto__") return { path, reason: 'key "__proto__" is not allowed' };
    const problem = stringHazard(key);
    if (problem) return { path, reason: `key ${problem}` };
  }
  switch (typeof value) {
    case "string": {
      const problem = stringHazard(value);
      return problem ? { path, reason: `string ${problem}` } : null;
    }
    case "number":
      return Number.isFinite(value) ? null : { path, reason: "number is not finite" };
    case "boolean":
      return null;
    case "object":
      break;
    default:
      return { path, reason: `${typeof value} is not a JSON value` };
  }
  if (value === null) return null;
  if (depth + 1 > maxDepth) return { path, reason: `nesting deeper than ${maxDepth} levels` };

  // Children are pushed in reverse so they pop in document order and "first" is well defined.
  if (Array.isArray(value)) {
    for (let i = value.length - 1; i >= 0; i--) {
      stack.push({ value: value[i], path: `${path}[${i}]`, depth: depth + 1 });
    }
    return null;
  }
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i] as string;
    stack.push({
      value: (value as Record<string, unknown>)[k],
      path: joinKey(path, k),
      depth: depth + 1,
      key: k,
    });
  }
  return null;
}

/** Describes why PostgreSQL would reject the string, or null when it is fine. */
function stringHazard(s: string): string | null {
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
