import { Code } from "@mantine/core";

export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    // a tab stop: a box that scrolls must be reachable by keyboard to be scrolled
    <Code block aria-label={label} mah={320} style={{ overflow: "auto" }} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}
