/** What JSON can hold: every value this package puts in a context is one. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Deepest nesting kept inside a step's input or output. The API refuses data nested over 32 deep;
 * the value sits two levels down in context_data (context_data → input → …), so 24 leaves room.
 */
const MAX_DEPTH = 24;
/** Array items and object keys kept per level: a huge state is summarised, never sent whole. */
const MAX_ITEMS = 1000;

/** LangChain's serialisable objects (messages, documents…) carry this marker and `lc_kwargs`. */
interface LangChainMessageLike {
  content: unknown;
  getType?: () => string;
  _getType?: () => string;
  type?: string;
  name?: unknown;
  id?: unknown;
  tool_calls?: unknown;
  tool_call_id?: unknown;
  status?: unknown;
  usage_metadata?: unknown;
}

const isMessage = (value: object): value is LangChainMessageLike =>
  "content" in value &&
  (typeof (value as LangChainMessageLike).getType === "function" || "lc_kwargs" in value);

const isDocument = (value: object): value is { pageContent: unknown; metadata?: unknown; id?: unknown } =>
  "pageContent" in value;

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what the API refuses
const NOT_WELL_FORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * The API refuses NUL characters and lone surrogates anywhere (400): replaced by U+FFFD here so a
 * step's odd string never costs it its context.
 */
export function wellFormed(text: string): string {
  return text.replace(NOT_WELL_FORMED, "\uFFFD");
}

/** A message as a reader wants it: its role and content, tool calls and ids, not LangChain's wire form. */
function messageJson(message: LangChainMessageLike, depth: number, seen: Set<object>): JsonValue {
  const role = message.getType?.() ?? message._getType?.() ?? message.type ?? "message";
  const out: Record<string, JsonValue> = {
    type: role,
    content: toJsonValue(message.content, depth + 1, seen),
  };
  const fields = ["name", "id", "tool_calls", "tool_call_id", "status", "usage_metadata"] as const;
  for (const field of fields) {
    const value = message[field];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[field] = toJsonValue(value, depth + 1, seen);
  }
  return out;
}

/**
 * Any value a LangChain callback receives (chain inputs and outputs, messages, documents, tool
 * results, errors) as plain JSON the API accepts: no cycles (a repeated object becomes
 * "[circular]"), no functions or symbols, bigints as strings, dates as ISO strings, errors as
 * `{name, message}`, no `__proto__` key, nesting and sizes bounded. Pure: never throws.
 */
export function toJsonValue(value: unknown, depth = 0, seen: Set<object> = new Set()): JsonValue {
  switch (typeof value) {
    case "string":
      return wellFormed(value);
    case "number":
      return Number.isFinite(value) ? value : String(value);
    case "boolean":
      return value;
    case "bigint":
      return value.toString();
    case "undefined":
    case "function":
    case "symbol":
      return null;
  }
  if (value === null) return null;
  const object = value as object;
  if (depth >= MAX_DEPTH) return "[depth limit]";
  if (seen.has(object)) return "[circular]";
  seen.add(object);
  try {
    if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
    if (object instanceof Error) return errorJson(object);
    if (Array.isArray(object)) {
      const items = object.slice(0, MAX_ITEMS).map((item) => toJsonValue(item, depth + 1, seen));
      if (object.length > MAX_ITEMS) items.push(`[${object.length - MAX_ITEMS} more items]`);
      return items;
    }
    if (ArrayBuffer.isView(object)) return `[${object.byteLength} bytes]`;
    if (isMessage(object)) return messageJson(object, depth, seen);
    if (isDocument(object)) {
      const doc: Record<string, JsonValue> = {
        page_content: toJsonValue(object.pageContent, depth + 1, seen),
      };
      if (object.metadata !== undefined) doc.metadata = toJsonValue(object.metadata, depth + 1, seen);
      if (object.id !== undefined) doc.id = toJsonValue(object.id, depth + 1, seen);
      return doc;
    }
    if (object instanceof Map) return toJsonValue(Object.fromEntries(object), depth, seen);
    if (object instanceof Set) return toJsonValue([...object], depth, seen);
    const out: Record<string, JsonValue> = {};
    let kept = 0;
    for (const [key, item] of Object.entries(object)) {
      if (key === "__proto__" || typeof item === "function") continue;
      if (kept++ >= MAX_ITEMS) {
        out["[more keys]"] = Object.keys(object).length - MAX_ITEMS;
        break;
      }
      out[wellFormed(key)] = toJsonValue(item, depth + 1, seen);
    }
    return out;
  } catch (error) {
    // a getter that throws, a proxy that refuses: the step is still logged, this value described
    return `[unreadable: ${error instanceof Error ? wellFormed(error.message) : "unknown"}]`;
  } finally {
    seen.delete(object);
  }
}

/** An error as `{name, message}` (and its cause's, one level): what a reader of the log needs. */
export function errorJson(error: unknown): { [key: string]: JsonValue } {
  if (!(error instanceof Error)) return { name: "Error", message: wellFormed(String(error)) };
  const out: { [key: string]: JsonValue } = {
    name: wellFormed(error.name),
    message: wellFormed(error.message),
  };
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error)
    out.cause = { name: wellFormed(cause.name), message: wellFormed(cause.message) };
  return out;
}
