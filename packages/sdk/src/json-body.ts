import { NotJsonError } from "./errors";

/**
 * Request bodies as the API reads them. JSON.stringify quietly changes what has no JSON form (NaN
 * and Infinity become null, so does `undefined` in an array, a Map becomes `{}`) or throws a bare
 * TypeError that says not where (a BigInt, a cycle): here each is a NotJsonError naming the value,
 * thrown before anything is sent. What JSON.stringify does on purpose is kept: a member whose value
 * is `undefined` is left out (an optional field), and `toJSON()` is honoured, so a valid Date is sent
 * as its ISO string: one instant, one form, hashed the same by `canonicalize`.
 */
export function encodeJson(value: unknown, path = ""): string {
  checkJson(value, path);
  return JSON.stringify(value);
}

/** Throws NotJsonError for the first value with no JSON form; `path` names `value` itself. */
export function checkJson(value: unknown, path = ""): void {
  walk(value, path, "", new Set());
}

// a high surrogate not followed by a low one, or a low one not preceded by a high one (code units)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const join = (path: string, key: string | number): string => (path === "" ? String(key) : `${path}.${key}`);
const escaped = (key: string): string =>
  key.replace(/[\uD800-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

function walk(value: unknown, path: string, key: string, ancestors: Set<object>): void {
  switch (typeof value) {
    case "boolean":
      return;
    case "string":
      if (LONE_SURROGATE.test(value))
        throw new NotJsonError(path, "a string holding a lone UTF-16 surrogate");
      return;
    case "number":
      if (!Number.isFinite(value)) throw new NotJsonError(path, String(value));
      return;
    case "bigint":
      throw new NotJsonError(path, "a BigInt (convert it to a string or a number first)");
    case "undefined":
    case "function":
    case "symbol":
      throw new NotJsonError(path, typeof value === "undefined" ? "undefined" : `a ${typeof value}`);
  }
  if (value === null) return;
  const object = value as object;
  if (object instanceof Number || object instanceof String || object instanceof Boolean) {
    walk(object.valueOf(), path, key, ancestors);
    return;
  }
  if (ArrayBuffer.isView(object) || object instanceof ArrayBuffer) {
    throw new NotJsonError(path, "binary data (encode it first, e.g. as base64 or hex)");
  }
  if (
    object instanceof Map ||
    object instanceof Set ||
    object instanceof WeakMap ||
    object instanceof WeakSet
  ) {
    throw new NotJsonError(path, `a ${object.constructor.name} (JSON.stringify would send {})`);
  }
  if (object instanceof Date && Number.isNaN(object.getTime())) {
    throw new NotJsonError(path, "an invalid Date (JSON.stringify would send null)");
  }
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") {
    walk(toJSON.call(object, key), path, key, ancestors);
    return;
  }
  if (ancestors.has(object)) throw new NotJsonError(path, "a cycle (it contains itself)");
  ancestors.add(object);
  try {
    if (Array.isArray(object)) {
      // by index, not forEach: a hole is undefined too, and JSON.stringify would send null for it
      for (let index = 0; index < object.length; index++) {
        const item: unknown = object[index];
        const at = join(path, index);
        if (item === undefined)
          throw new NotJsonError(at, "undefined in an array (JSON.stringify would send null)");
        walk(item, at, String(index), ancestors);
      }
      return;
    }
    for (const [member, item] of Object.entries(object)) {
      if (LONE_SURROGATE.test(member)) {
        throw new NotJsonError(join(path, escaped(member)), "under a key holding a lone UTF-16 surrogate");
      }
      if (item !== undefined) walk(item, join(path, member), member, ancestors);
    }
  } finally {
    ancestors.delete(object);
  }
}
