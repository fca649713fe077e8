import { Group, Text } from "@mantine/core";
import { DateTime } from "../../components/DateTime";
import { PagedTable } from "../../components/PagedTable";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { TimeRangeControl } from "../../components/TimeRangeControl";
import { useUrlRange } from "../../components/use-url-range";
import { AgentLink } from "./AgentLink";
import { OtelRefusals } from "./OtelRefusals";
import { useAgents } from "./use-agents";

export default function AgentsPage() {
  const { range, window, setRange } = useUrlRange(null);
  const agents = useAgents(window);
  return (
    <>
      <PageHeader title="Agents" />
      <Text size="sm" c="dimmed" mb="md">
        Each agent's log: its contexts in sequence, each linked to the one before. Open one to read it, export
        it, or audit it against the chain.
      </Text>
      <OtelRefusals />
      <Group mb="md">
        <TimeRangeControl value={range} onChange={setRange} label="Active" allowAny />
      </Group>
      <PagedTable
        list={agents}
        rowKey={(agent) => agent.agent_id}
        minWidth={720}
        empty={range ? "No agent logged a context in this range." : "No agent has logged a context yet."}
        columns={[
          { header: "Agent", cell: (agent) => <AgentLink agentId={agent.agent_id} /> },
          { header: "Head sequence", cell: (agent) => agent.head_sequence },
          {
            header: "Contexts by status",
            cell: (agent) => (
              <Group gap={6} wrap="wrap">
                {(["confirmed", "pending", "failed"] as const)
                  .filter((s) => agent.counts[s] > 0)
                  .map((s) => (
                    <Group key={s} gap={4} wrap="nowrap">
                      <StatusBadge status={s} />
                      <Text size="sm">{agent.counts[s]}</Text>
                    </Group>
                  ))}
              </Group>
            ),
          },
          { header: "Last activity", cell: (agent) => <DateTime value={agent.last_activity_at} /> },
        ]}
      />
    </>
  );
}
