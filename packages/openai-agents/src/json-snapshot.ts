// A span's data as JSON, taken when the span ends. A copy, not the SDK's objects: the logger sends
// a context later (and may send it again under the same Idempotency-Key, which needs the very same
// body), while the SDK may go on using the arrays it traced (a run's growing input list).

/** The API refuses a NUL character or a lone surrogate in any string; U+FFFD stands in for each. */
const UNSENDABLE = /[\0\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function sendable(_key: string, value: unknown): unknown {
  if (typeof value === "string" && UNSENDABLE.test(value)) {
    return value.replace(LONE_SURROGATE, "\uFFFD").replaceAll("\0", "\uFFFD");
  }
  // BigInt has no JSON form; its decimal digits say the same
  if (typeof value === "bigint") return value.toString();
  return value;
}

/**
 * The JSON text of `value` (undefined when it has none, e.g. undefined itself); what JSON.stringify
 * cannot write (a cycle) becomes a short note instead of failing the step.
 */
export function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, sendable);
  } catch (error) {
    return JSON.stringify({
      unrecorded: `no JSON form: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

export const utf8Length = (text: string): number =>
  typeof Buffer === "undefined" ? new TextEncoder().encode(text).length : Buffer.byteLength(text);
