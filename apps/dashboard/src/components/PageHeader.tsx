import { Group, Title } from "@mantine/core";
import { type ReactNode, useEffect } from "react";

/** The page's heading (and the tab's title), with its main actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ctxlog`;
  }, [title]);
  return (
    <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children ? <Group gap="sm">{children}</Group> : null}
    </Group>
  );
}
