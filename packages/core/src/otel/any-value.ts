/**
 * The value-level rules of the OTLP span normalisation (see normalise-spans.ts): the same value
 * sent as OTLP/protobuf (decoded by protobufjs' `toObject` with longs and bytes as strings) or as
 * OTLP/JSON gives the same JSON here, so a span hashes the same whichever encoding carried it.
 */

/** What the normalisation produces: JSON, and nothing else. */
export type OtelJson = string | number | boolean | null | OtelJson[] | { [key: string]: OtelJson };
export type OtelJsonObject = { [key: string]: OtelJson };

/** AnyValue and attribute nesting allowed below a span's attributes (the API's JSON depth rule). */
export const MAX_OTEL_VALUE_DEPTH = 24;

/** The request is not OTLP: answered 400 as a whole (a body that does not decode). */
export class OtlpShapeError extends Error {
  override readonly name = "OtlpShapeError";
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

/** One span cannot be kept (bad ids, too deep): refused alone, in partial_success. */
export class SpanProblem extends Error {
  override readonly name = "SpanProblem";
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function recordAt(value: unknown, path: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new OtlpShapeError(path, "must be an object");
  return value;
}

export function arrayAt(value: unknown, path: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new OtlpShapeError(path, "must be an array");
  return value;
}

export function stringAt(value: unknown, path: string): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw new OtlpShapeError(path, "must be a string");
  return value;
}

const DECIMAL = /^-?\d{1,20}$/;

/**
 * An int64 / uint64 / fixed64 as its decimal string, without leading zeros: protobufjs gives a
 * string, OTLP/JSON a string or a number (a number above 2^53 already lost precision in the
 * sender's JSON; its exact double value is what was sent).
 */
export function int64At(value: unknown, path: string, unsigned = false): string {
  if (value === undefined || value === null) return "0";
  let n: bigint;
  if (typeof value === "number" && Number.isInteger(value)) n = BigInt(value);
  else if (typeof value === "string" && DECIMAL.test(value)) n = BigInt(value);
  else throw new OtlpShapeError(path, "must be an integer (a number or a decimal string)");
  if (unsigned ? n < 0n || n > 0xffffffffffffffffn : n < -(2n ** 63n) || n >= 2n ** 63n) {
    throw new OtlpShapeError(path, "is out of range");
  }
  return n.toString();
}

/** A uint32 (counts, flags): a number in both encodings. */
export function uint32At(value: unknown, path: string): number {
  if (value === undefined || value === null) return 0;
  const n = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > 0xffffffff) {
    throw new OtlpShapeError(path, "must be an unsigned 32-bit integer");
  }
  return n;
}

/**
 * A double: finite ones as JSON numbers (-0 as 0); NaN and the infinities, which JSON numbers
 * cannot carry, as the strings proto3 JSON uses for them ("NaN", "Infinity", "-Infinity").
 */
export function doubleAt(value: unknown, path: string): number | string {
  let n: number;
  if (typeof value === "number") n = value;
  else if (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value)))
    n = Number(value);
  else if (value === "NaN" || value === "Infinity" || value === "-Infinity") return value;
  else throw new OtlpShapeError(path, "must be a number");
  if (Number.isNaN(n)) return "NaN";
  if (!Number.isFinite(n)) return n > 0 ? "Infinity" : "-Infinity";
  return n === 0 ? 0 : n;
}

/** Bytes as standard padded base64, whatever base64 flavour carried them. */
export function bytesAt(value: unknown, path: string): string {
  if (typeof value !== "string" || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(value)) {
    throw new OtlpShapeError(path, "must be base64");
  }
  return Buffer.from(value, "base64").toString("base64");
}

/**
 * A trace or span id as lowercase hex: OTLP/JSON sends hex, protobufjs gives the bytes as base64.
 * Empty is "" (no parent); any other length than `bytes` is the span's problem, not the request's.
 */
export function idAt(value: unknown, path: string, bytes: number, encoding: "hex" | "base64"): string {
  const text = stringAt(value, path);
  if (text === "") return "";
  let hex: string;
  if (encoding === "hex") {
    if (!/^[0-9a-fA-F]*$/.test(text)) throw new SpanProblem(`${path} is not hex`);
    hex = text.toLowerCase();
  } else {
    hex = Buffer.from(bytesAt(text, path), "base64").toString("hex");
  }
  if (hex.length !== bytes * 2) throw new SpanProblem(`${path} is not ${bytes} bytes`);
  return hex;
}

/** AnyValue → JSON: string, bool, int64 as decimal string, double, bytes as base64, arrays and maps kept. */
export function anyValue(value: unknown, path: string, depth: number): OtelJson {
  if (depth > MAX_OTEL_VALUE_DEPTH) throw new SpanProblem(`${path} is nested too deep`);
  const v = recordAt(value, path);
  if (v.stringValue !== undefined && v.stringValue !== null)
    return stringAt(v.stringValue, `${path}.stringValue`);
  if (v.boolValue !== undefined && v.boolValue !== null) {
    if (typeof v.boolValue !== "boolean") throw new OtlpShapeError(`${path}.boolValue`, "must be a boolean");
    return v.boolValue;
  }
  if (v.intValue !== undefined && v.intValue !== null) return int64At(v.intValue, `${path}.intValue`);
  if (v.doubleValue !== undefined && v.doubleValue !== null)
    return doubleAt(v.doubleValue, `${path}.doubleValue`);
  if (v.bytesValue !== undefined && v.bytesValue !== null) return bytesAt(v.bytesValue, `${path}.bytesValue`);
  if (v.arrayValue !== undefined && v.arrayValue !== null) {
    const values = arrayAt(recordAt(v.arrayValue, `${path}.arrayValue`).values, `${path}.arrayValue.values`);
    return values.map((item, i) => anyValue(item, `${path}.arrayValue.values[${i}]`, depth + 1));
  }
  if (v.kvlistValue !== undefined && v.kvlistValue !== null) {
    const values = recordAt(v.kvlistValue, `${path}.kvlistValue`).values;
    return keyValues(values, `${path}.kvlistValue.values`, depth + 1);
  }
  return null; // an empty AnyValue
}

/**
 * A KeyValue list → an object. A repeated key keeps its last value (OTLP requires unique keys).
 * Built with Object.fromEntries so a `__proto__` key stays an own property, where the JSON safety
 * check then refuses the span instead of the key silently vanishing.
 */
export function keyValues(list: unknown, path: string, depth = 1): OtelJsonObject {
  const entries = arrayAt(list, path).map((item, i): [string, OtelJson] => {
    const kv = recordAt(item, `${path}[${i}]`);
    return [stringAt(kv.key, `${path}[${i}].key`), anyValue(kv.value, `${path}[${i}].value`, depth)];
  });
  return Object.fromEntries(entries);
}
