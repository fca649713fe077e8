import { Anchor, Badge, Button, Code, Group, Stack, Text } from "@mantine/core";
import { useParams } from "react-router";
import { AppLink } from "../../components/AppLink";
import { DataTable } from "../../components/DataTable";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FieldList } from "../../components/FieldList";
import { RecordPage } from "../../components/RecordPage";
import { Section } from "../../components/Section";
import { StatusBadge } from "../../components/StatusBadge";
import { TableSkeleton } from "../../components/TableSkeleton";
import { EraseAgentButton } from "../contexts/EraseActions";
import { AgentAudit } from "./AgentAudit";
import { AgentTraces } from "./AgentTraces";
import { useAgent, useAgentEntries } from "./use-agents";

export default function AgentPage() {
  const { agentId = "" } = useParams();
  const agent = useAgent(agentId);
  const entries = useAgentEntries(agentId, agent.data?.head_sequence);
  const rows = entries.data?.pages.flat() ?? [];
  const exportUrl = `/v1/agents/${encodeURIComponent(agentId)}/export`;

  return (
    <RecordPage
      title={`Agent ${agentId}`}
      query={agent}
      back={{ to: "/agents", label: "All agents" }}
      skeletonHeight={200}
    >
      {(record) => (
        <Stack>
          <Section>
            <FieldList
              fields={[
                ["Head sequence", record.head_sequence],
                ["Head entry hash", <Code key="h">{record.head_entry_hash}</Code>],
                ["Confirmed", record.counts.confirmed],
                ["Pending", record.counts.pending],
                ["Failed", record.counts.failed],
                ["First activity", <DateTime key="f" value={record.first_activity_at} />],
                ["Last activity", <DateTime key="l" value={record.last_activity_at} />],
              ]}
            />
            <Group mt="md" gap="sm">
              <Anchor href={exportUrl} download={`${agentId}.ndjson`} size="sm">
                Export the log (NDJSON)
              </Anchor>
              <EraseAgentButton agentId={agentId} />
            </Group>
          </Section>
          <Section title="Audit">
            <AgentAudit agentId={agentId} />
          </Section>
          <Section title="Traces">
            <AgentTraces agentId={agentId} />
          </Section>
          <Section title="Log">
            {entries.error ? <ErrorAlert error={entries.error} mb="md" /> : null}
            {entries.isPending ? (
              <TableSkeleton rows={5} />
            ) : (
              <DataTable
                label="Log entries"
                rows={rows}
                rowKey={(entry) => String(entry.sequence)}
                minWidth={760}
                empty="No entry."
                columns={[
                  { header: "Sequence", cell: (entry) => entry.sequence },
                  {
                    header: "Entry hash",
                    style: { wordBreak: "break-all" },
                    cell: (entry) => <Code>{entry.entry_hash}</Code>,
                  },
                  {
                    header: "Status",
                    cell: (entry) => (
                      <Group gap={4} wrap="nowrap">
                        <StatusBadge status={entry.status} />
                        {entry.data_erased_at ? (
                          <Badge color="gray" variant="outline">
                            data erased
                          </Badge>
                        ) : null}
                      </Group>
                    ),
                  },
                  {
                    header: "Context",
                    cell: (entry) => (
                      <AppLink to={`/contexts/${entry.context_id}`}>{entry.context_id}</AppLink>
                    ),
                  },
                ]}
              />
            )}
            {entries.hasNextPage ? (
              <Button
                mt="sm"
                variant="default"
                loading={entries.isFetchingNextPage}
                onClick={() => entries.fetchNextPage()}
              >
                Load more
              </Button>
            ) : rows.length > 0 ? (
              <Text size="xs" c="dimmed" mt="sm">
                Entries 1 to {rows.length} of {record.head_sequence}.
              </Text>
            ) : null}
          </Section>
        </Stack>
      )}
    </RecordPage>
  );
}
