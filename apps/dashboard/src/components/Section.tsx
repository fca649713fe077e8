import { Group, Paper, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface Props {
  /** the section's heading, a level below the page's */
  title?: string;
  /** beside the heading, e.g. a status */
  aside?: ReactNode;
  mih?: number;
  children: ReactNode;
}

/** A bordered part of a page, under its own heading when it has one. */
export function Section({ title, aside, mih, children }: Props) {
  return (
    <Paper withBorder p="md" mih={mih}>
      {aside ? (
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          {aside}
        </Group>
      ) : title ? (
        <SectionTitle>{title}</SectionTitle>
      ) : null}
      {children}
    </Paper>
  );
}

/** The heading of a section, or of a second part within one. */
export function SectionTitle({ children, mt }: { children: ReactNode; mt?: string }) {
  return (
    <Title order={2} size="h4" mb="sm" mt={mt}>
      {children}
    </Title>
  );
}
