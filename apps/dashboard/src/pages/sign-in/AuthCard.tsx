import { Center, Paper, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect } from "react";

/** The frame of the pages one sees without a session. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ctxlog`;
  }, [title]);
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <Stack>
          <Text fw={700} size="lg">
            ctxlog
          </Text>
          <Title order={1} size="h3">
            {title}
          </Title>
          {intro ? (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          ) : null}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
