import { Code, Stack, Text } from "@mantine/core";
import { AppLink } from "../../components/AppLink";
import { Section } from "../../components/Section";

/** The first step when there is no context yet: the lines that log one, with this deployment's address. */
export function FirstContext() {
  const base = `${window.location.origin}/v1`;
  const curl = [
    `curl -X POST ${base}/contexts \\`,
    `  -H "Authorization: Bearer $CTXLOG_API_KEY" -H "Content-Type: application/json" \\`,
    `  -d '{"agent_id": "planner-7", "context_data": {"task": "summarize"}}'`,
  ].join("\n");
  const sdk = [
    `import { CtxlogClient } from "@ctxlog/sdk";`,
    "",
    `const ctxlog = new CtxlogClient({ baseUrl: "${base}", apiKey: process.env.CTXLOG_API_KEY! });`,
    `await ctxlog.contexts.create({ agent_id: "planner-7", context_data: { task: "summarize" } });`,
  ].join("\n");
  return (
    <Section title="Log your first context">
      <Stack gap="xs">
        <Text size="sm">
          No context yet. Create a key on <AppLink to="/keys">API keys</AppLink> (a full or restricted one),
          then send a context: it appears here at once, pending, and is confirmed on the chain seconds later.
        </Text>
        <Text size="sm" fw={500}>
          With curl
        </Text>
        <Code block aria-label="Log a context with curl" tabIndex={0} style={{ overflow: "auto" }}>
          {curl}
        </Code>
        <Text size="sm" fw={500}>
          With the SDK (npm install @ctxlog/sdk)
        </Text>
        <Code block aria-label="Log a context with the SDK" tabIndex={0} style={{ overflow: "auto" }}>
          {sdk}
        </Code>
      </Stack>
    </Section>
  );
}
