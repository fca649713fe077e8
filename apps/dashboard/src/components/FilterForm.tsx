import { Button, Group } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";

/** The filters of a list, side by side above it; "Filter" (or Enter) applies the typed ones. */
export function FilterForm({ onApply, children }: { onApply: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" mb="md" gap="sm">
        {children}
        <Button type="submit" variant="default">
          Filter
        </Button>
      </Group>
    </form>
  );
}
