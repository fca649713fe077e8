/**
 * Hashes and signatures are stored as their bytes (bytea: contexts' since migration 20261127194803,
 * agent_logs' and verifications' since 20261130010108, anchors' and anchor_transactions' since
 * 20261130031500) and handed out as 0x-hex, as the API, the events, the chain worker and core speak
 * them. The db package converts at its edge, here: a statement takes and returns bytea (pg hands a
 * Buffer over), and its module turns it into 0x-hex or back with these.
 * Rows that travel as one JSON parameter (the hot insert) carry hex digits, which the statement
 * decodes (`decode(…, 'hex')`): JSON has no bytes.
 */

/** The context columns stored as bytes. */
export const HEX_COLUMNS = ["contextHash", "signature", "prevEntryHash", "entryHash"] as const;
export type HexColumn = (typeof HEX_COLUMNS)[number];

/** The anchor columns stored as bytes (Prisma's Anchor; anchor_transactions' `hash` is its own). */
export const ANCHOR_HEX_COLUMNS = ["merkleRoot", "transactionHash", "blockHash"] as const;
export type AnchorHexColumn = (typeof ANCHOR_HEX_COLUMNS)[number];

/** `0x` + the bytes in lowercase hex. */
export function hexOf(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`;
}

/**
 * The bytes of a 0x-hex string (either case, 0x or 0X), to write or filter a bytea column. Callers
 * pass hashes they validated or computed; anything else is a bug, and throws rather than matching
 * or storing other bytes.
 */
export function bytesOfHex(hex: string): Uint8Array<ArrayBuffer> {
  const digits = /^0x/i.test(hex) ? hex.slice(2) : hex;
  if (digits.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(digits)) {
    throw new TypeError(`not a 0x-hex string: ${hex.slice(0, 80)}`);
  }
  return new Uint8Array(Buffer.from(digits, "hex"));
}

/** `0x`-hex of the bytes, or null for null (a nullable bytea column). */
export function hexOrNull(bytes: Uint8Array | null): string | null {
  return bytes === null ? null : hexOf(bytes);
}

/** The bytes of a 0x-hex string as a Buffer, the form pg sends as bytea (null stays null). */
export function bufferOfHex(hex: string): Buffer;
export function bufferOfHex(hex: string | null): Buffer | null;
export function bufferOfHex(hex: string | null): Buffer | null {
  if (hex === null) return null;
  const bytes = bytesOfHex(hex);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A row with the bytea columns `C` as 0x-hex (the columns it has; null stays null). */
export type WithHex<R, C extends string> = {
  [K in keyof R]: K extends C ? (null extends R[K] ? string | null : string) : R[K];
};

/** A row with its bytea hash columns as 0x-hex (the columns it has; null stays null). */
export type WithHexColumns<R> = WithHex<R, HexColumn>;

/** An anchor row (Prisma's) with its hashes as 0x-hex. */
export type WithAnchorHexColumns<R> = WithHex<R, AnchorHexColumn>;

function hexColumns<R extends object, C extends string>(row: R, columns: readonly C[]): WithHex<R, C> {
  const out = { ...row } as Record<string, unknown>;
  for (const column of columns) {
    const value = out[column];
    if (value instanceof Uint8Array) out[column] = hexOf(value);
  }
  return out as WithHex<R, C>;
}

export function withHexColumns<R extends object>(row: R): WithHexColumns<R> {
  return hexColumns(row, HEX_COLUMNS);
}

export function withAnchorHexColumns<R extends object>(row: R): WithAnchorHexColumns<R> {
  return hexColumns(row, ANCHOR_HEX_COLUMNS);
}
