import { Anchor, Button, Group, Table, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { LoadMore } from "../../components/LoadMore";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { TableSkeleton } from "../../components/TableSkeleton";
import { useVerifications } from "./use-verifications";

export default function VerificationsPage() {
  const [params, setParams] = useSearchParams();
  const contextId = params.get("context_id") ?? "";
  const verifications = useVerifications(contextId);
  const [draft, setDraft] = useState(contextId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { context_id: draft.trim() } : {});
  };

  return (
    <>
      <PageHeader title="Verifications" />
      <form onSubmit={submit}>
        <Group align="flex-end" mb="md" gap="sm">
          <TextInput
            label="Context id"
            placeholder="ctx_…"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <Button type="submit" variant="default">
            Filter
          </Button>
        </Group>
      </form>
      {verifications.error ? <ErrorAlert error={verifications.error} mb="md" /> : null}
      {verifications.isPending ? (
        <TableSkeleton />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Verification</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Context</Table.Th>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Confirmations</Table.Th>
                <Table.Th>When</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {verifications.items.map((verification) => (
                <Table.Tr key={verification.verification_id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/verifications/${verification.verification_id}`}>
                      {verification.verification_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={verification.verified ? "verified" : "not verified"} />
                  </Table.Td>
                  <Table.Td>
                    {verification.context_id ? (
                      <Anchor component={Link} to={`/contexts/${verification.context_id}`}>
                        {verification.context_id}
                      </Anchor>
                    ) : (
                      "—"
                    )}
                  </Table.Td>
                  <Table.Td>{verification.agent_id}</Table.Td>
                  <Table.Td>{verification.confirmations}</Table.Td>
                  <Table.Td>
                    <DateTime value={verification.created_at} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {verifications.items.length === 0 && !verifications.error ? (
            <Text c="dimmed">No verifications.</Text>
          ) : null}
        </Table.ScrollContainer>
      )}
      <LoadMore {...verifications} />
    </>
  );
}
