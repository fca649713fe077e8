import { Group, Title } from "@mantine/core";
import { type ReactNode, useEffect } from "react";

/** The page's heading (and the tab's title), with its main actions on the right. */
export function PageHeader({
  title,
  heading,
  children,
}: {
  title: string;
  /** drawn in the heading's place when given (`title` stays the tab's) */
  heading?: ReactNode;
  children?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · ctxlog`;
  }, [title]);
  return (
    <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
      {/* ids in titles are long unbroken words: they wrap rather than widen a phone's page */}
      <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
        {heading ?? title}
      </Title>
      {children ? <Group gap="sm">{children}</Group> : null}
    </Group>
  );
}
