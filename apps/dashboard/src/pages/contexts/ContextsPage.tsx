import { Anchor, Button, Code, Group, NativeSelect, Table, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { LoadMore } from "../../components/LoadMore";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { TableSkeleton } from "../../components/TableSkeleton";
import { type ContextFilters, useContexts } from "./use-contexts";

const STATUSES = [
  { value: "", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "confirmed", label: "Confirmed" },
  { value: "failed", label: "Failed" },
];

export const short = (hash: string | null) => (hash ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : "—");

export default function ContextsPage() {
  const [params, setParams] = useSearchParams();
  const filters: ContextFilters = {
    agent_id: params.get("agent_id") ?? "",
    status: (params.get("status") ?? "") as ContextFilters["status"],
  };
  const contexts = useContexts(filters);
  const [agent, setAgent] = useState(filters.agent_id);

  const apply = (next: ContextFilters) => {
    const search: Record<string, string> = {};
    if (next.agent_id) search.agent_id = next.agent_id;
    if (next.status) search.status = next.status;
    setParams(search);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...filters, agent_id: agent.trim() });
  };

  return (
    <>
      <PageHeader title="Contexts" />
      <form onSubmit={submit}>
        <Group align="flex-end" mb="md" gap="sm">
          <TextInput
            label="Agent"
            placeholder="agent_id"
            value={agent}
            onChange={(e) => setAgent(e.currentTarget.value)}
          />
          <NativeSelect
            label="Status"
            data={STATUSES}
            value={filters.status}
            onChange={(event) =>
              apply({ ...filters, status: event.currentTarget.value as ContextFilters["status"] })
            }
          />
          <Button type="submit" variant="default">
            Filter
          </Button>
        </Group>
      </form>
      {contexts.error ? <ErrorAlert error={contexts.error} mb="md" /> : null}
      {contexts.isPending ? (
        <TableSkeleton />
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Context</Table.Th>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Received</Table.Th>
                <Table.Th>Confirmations</Table.Th>
                <Table.Th>Transaction</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contexts.items.map((context) => (
                <Table.Tr key={context.context_id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/contexts/${context.context_id}`}>
                      {context.context_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{context.agent_id}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={context.status} />
                  </Table.Td>
                  <Table.Td>
                    <DateTime value={context.created_at} />
                  </Table.Td>
                  <Table.Td>{context.confirmations}</Table.Td>
                  <Table.Td>
                    <Code>{short(context.transaction_hash)}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {contexts.items.length === 0 && !contexts.error ? <Text c="dimmed">No contexts match.</Text> : null}
        </Table.ScrollContainer>
      )}
      <LoadMore {...contexts} />
    </>
  );
}
