import { Alert, Button, Group, Stack, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { ChecksList } from "../../components/ChecksList";
import { ErrorAlert } from "../../components/ErrorAlert";
import { Section } from "../../components/Section";
import { VerdictBadge } from "../../components/VerdictBadge";
import { type HeldContext, useVerifyHeldData } from "./use-verifications";

const EXAMPLE =
  '{\n  "agent_id": "planner-7",\n  "context_data": { "task": "summarize" },\n  "metadata": {}\n}';

/** Checks data you hold (agent_id, context_data, metadata) against a context or a transaction. */
export function VerifyDataForm() {
  const verify = useVerifyHeldData();
  const [target, setTarget] = useState("");
  const [data, setData] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let context: unknown;
    try {
      context = JSON.parse(data);
    } catch {
      setProblem("The data is not JSON: paste the context as you hold it, e.g. the example.");
      return;
    }
    if (typeof context !== "object" || context === null || Array.isArray(context)) {
      setProblem("The data must be a JSON object with agent_id, context_data and metadata.");
      return;
    }
    setProblem(null);
    verify.mutate({ target: target.trim(), context: context as HeldContext });
  };
  const result = verify.data;
  return (
    <Section title="Verify data you hold">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="Context id or transaction hash"
            placeholder="ctx_… or 0x…"
            required
            value={target}
            onChange={(event) => setTarget(event.currentTarget.value)}
          />
          <Textarea
            label="The data (JSON: agent_id, context_data, metadata)"
            placeholder={EXAMPLE}
            required
            autosize
            minRows={4}
            maxRows={14}
            value={data}
            onChange={(event) => setData(event.currentTarget.value)}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          />
          <Group>
            <Button type="submit" loading={verify.isPending}>
              Verify
            </Button>
          </Group>
          {problem ? <Alert color="red">{problem}</Alert> : null}
          {verify.error ? <ErrorAlert error={verify.error} title="The verification could not run" /> : null}
          {result ? (
            <Stack gap="xs">
              <Group gap="xs">
                <VerdictBadge verdict={result.verdict} />
              </Group>
              <ChecksList checks={result.checks} />
            </Stack>
          ) : null}
        </Stack>
      </form>
    </Section>
  );
}
