import { SimpleGrid, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A record's fields as label / value pairs (a description list), two columns when there is room. */
export function FieldList({ fields }: { fields: [label: string, value: ReactNode][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" m={0}>
      {fields.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: "anywhere" }}>
            {value ?? "—"}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
