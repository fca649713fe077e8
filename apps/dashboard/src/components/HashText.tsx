import { Text } from "@mantine/core";
import { CopyButton, INLINE } from "./CopyButton";

/** A hash or a signature: "0x" and at least 64 hex digits (an address, 40, is short enough to show whole). */
const LONG_HEX = /^0x[0-9a-fA-F]{64,}$/;

/** "0x1234…abcd" for a long hex value; anything else as it is. */
export function shortHash(value: string): string {
  return LONG_HEX.test(value) ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;
}

/**
 * A hash (or signature, or address) shown short in the middle, the full value on hover (title) and
 * in its copy button; "—" when absent. The screen reader reads the short form too: 64 hex digits
 * read aloud tell nothing the copy does not.
 */
export function HashText({
  value,
  what,
}: {
  value: string | null | undefined;
  /** what the value is, in the copy button's name: "context hash" */
  what: string;
}) {
  if (!value) return <>—</>;
  return (
    <span style={INLINE}>
      <Text span ff="monospace" size="sm" title={value} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
        {shortHash(value)}
      </Text>
      <CopyButton value={value} label={`Copy ${what}`} />
    </span>
  );
}
