/**
 * Hashes and signatures are stored as their bytes (bytea; migration 20261127194803) and handed out
 * as 0x-hex, as the API, the events and core speak them. Raw SQL converts in the statement
 * (ctxlog_hex / ctxlog_unhex); what Prisma reads or filters on goes through these.
 */

/** The context columns stored as bytes. */
export const HEX_COLUMNS = ["contextHash", "signature", "prevEntryHash", "entryHash"] as const;
export type HexColumn = (typeof HEX_COLUMNS)[number];

/** `0x` + the bytes in lowercase hex. */
export function hexOf(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`;
}

/**
 * The bytes of a 0x-hex string, to filter a bytea column on. Callers pass hashes they validated or
 * computed; anything else is a bug, and throws rather than matching other bytes.
 */
export function bytesOfHex(hex: string): Uint8Array<ArrayBuffer> {
  const digits = hex.startsWith("0x") ? hex.slice(2) : hex;
  if (digits.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(digits)) {
    throw new TypeError(`not a 0x-hex string: ${hex.slice(0, 80)}`);
  }
  return new Uint8Array(Buffer.from(digits, "hex"));
}

/** A row with its bytea hash columns as 0x-hex (the columns it has; null stays null). */
export type WithHexColumns<R> = {
  [K in keyof R]: K extends HexColumn ? (null extends R[K] ? string | null : string) : R[K];
};

export function withHexColumns<R extends object>(row: R): WithHexColumns<R> {
  const out = { ...row } as Record<string, unknown>;
  for (const column of HEX_COLUMNS) {
    const value = out[column];
    if (value instanceof Uint8Array) out[column] = hexOf(value);
  }
  return out as WithHexColumns<R>;
}
