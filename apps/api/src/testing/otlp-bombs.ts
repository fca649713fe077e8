// Test-only: OTLP bombs, small bodies that decode to very many spans or groups, built on the
// wire by hand (protobuf: field tags and lengths) so that building one allocates nothing per span.

/** A protobuf varint. */
function varint(n: number): Buffer {
  const bytes: number[] = [];
  let v = n;
  while (v > 0x7f) {
    bytes.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  bytes.push(v);
  return Buffer.from(bytes);
}

/** A length-delimited field (wire type 2) holding `payload`. */
const field = (number: number, payload: Buffer) =>
  Buffer.concat([varint((number << 3) | 2), varint(payload.length), payload]);

/** `count` copies of an empty length-delimited field: [tag, 0]. */
const emptyFields = (number: number, count: number) =>
  Buffer.alloc(count * 2, Buffer.from([(number << 3) | 2, 0]));

/** An ExportTraceServiceRequest of one ResourceSpans, one ScopeSpans and `count` empty spans. */
export function emptySpansProtobuf(count: number): Buffer {
  return field(1, field(2, emptyFields(2, count)));
}

/** `count` empty ResourceSpans, or one ResourceSpans of `count` empty ScopeSpans. */
export function emptyGroupsProtobuf(count: number, level: "resource" | "scope"): Buffer {
  return level === "resource" ? emptyFields(1, count) : field(1, emptyFields(2, count));
}

/** `groups` ResourceSpans, each of one ScopeSpans of `perGroup` spans (ids only). */
export function spansInGroupsProtobuf(groups: number, perGroup: number): Buffer {
  const parts: Buffer[] = [];
  let n = 0;
  for (let g = 0; g < groups; g++) {
    const spans: Buffer[] = [];
    for (let i = 0; i < perGroup; i++) {
      const spanId = Buffer.alloc(8);
      spanId.writeUInt32BE(++n, 4);
      spans.push(field(2, Buffer.concat([field(1, Buffer.alloc(16, 1)), field(2, spanId)])));
    }
    parts.push(field(1, field(2, Buffer.concat(spans))));
  }
  return Buffer.concat(parts);
}

/** The same bombs in OTLP/JSON. */
export function emptySpansJson(count: number): Buffer {
  return Buffer.from(`{"resourceSpans":[{"scopeSpans":[{"spans":[${"{},".repeat(count - 1)}{}]}]}]}`);
}

export function emptyGroupsJson(count: number, level: "resource" | "scope"): Buffer {
  const groups = `${"{},".repeat(count - 1)}{}`;
  return Buffer.from(
    level === "resource" ? `{"resourceSpans":[${groups}]}` : `{"resourceSpans":[{"scopeSpans":[${groups}]}]}`,
  );
}
