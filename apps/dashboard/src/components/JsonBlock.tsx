import { Code } from "@mantine/core";

export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <Code block aria-label={label} mah={320} style={{ overflow: "auto" }}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}
