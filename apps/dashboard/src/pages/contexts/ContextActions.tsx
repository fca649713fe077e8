import { Alert, Button, Group, Stack } from "@mantine/core";
import type { Context } from "../../api/schema";
import { ChecksList } from "../../components/ChecksList";
import { ErrorAlert } from "../../components/ErrorAlert";
import { Section } from "../../components/Section";
import { VerdictBadge } from "../../components/VerdictBadge";
import { EraseAgentButton, EraseContextButton } from "./EraseActions";
import { saveJson, useProof, useRetryContext, useVerifyContext } from "./use-contexts";

/** Download the proof, Verify now, Retry, Erase: what one can do with a context, and what came of it. */
export function ContextActions({ context }: { context: Context }) {
  const id = context.context_id;
  const confirmed = context.status === "confirmed";
  const proof = useProof(id, confirmed);
  const verify = useVerifyContext(id);
  const retry = useRetryContext(id);

  return (
    <Stack>
      <Group gap="sm">
        {confirmed ? (
          <Button
            variant="default"
            loading={proof.isPending}
            disabled={!proof.data}
            onClick={() => proof.data && saveJson(proof.data, `${id}.proof.json`)}
          >
            Download proof
          </Button>
        ) : null}
        <Button loading={verify.isPending} onClick={() => verify.mutate()}>
          Verify now
        </Button>
        {context.status === "failed" && context.retry_possible ? (
          <Button color="orange" variant="light" loading={retry.isPending} onClick={() => retry.mutate()}>
            Retry
          </Button>
        ) : null}
        <EraseContextButton id={id} erased={Boolean(context.data_erased_at)} />
        <EraseAgentButton agentId={context.agent_id} />
      </Group>
      {proof.error ? <ErrorAlert error={proof.error} title="The proof could not be loaded" /> : null}
      {retry.error ? <ErrorAlert error={retry.error} title="The retry was refused" /> : null}
      {retry.isSuccess ? (
        <Alert color="blue">The context is pending again; this page follows it.</Alert>
      ) : null}
      {verify.error ? <ErrorAlert error={verify.error} title="The verification could not run" /> : null}
      {verify.data ? (
        <Section title="Verification" aside={<VerdictBadge verdict={verify.data.verdict} />}>
          <ChecksList checks={verify.data.checks} />
        </Section>
      ) : null}
    </Stack>
  );
}
