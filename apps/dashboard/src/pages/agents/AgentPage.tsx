import { Anchor, Code, Group, Stack } from "@mantine/core";
import { useParams, useSearchParams } from "react-router";
import { DateTime } from "../../components/DateTime";
import { FieldList } from "../../components/FieldList";
import { RecordPage } from "../../components/RecordPage";
import { Section } from "../../components/Section";
import { EraseAgentButton } from "../contexts/EraseActions";
import { AgentAudit } from "./AgentAudit";
import { AgentLog } from "./AgentLog";
import { AgentTraces } from "./AgentTraces";
import { EvidenceDownload } from "./EvidenceDownload";
import { LegalHolds } from "./LegalHolds";
import { readJump } from "./log-jump";
import { useAgent, useAgentEntries } from "./use-agents";

export default function AgentPage() {
  const { agentId = "" } = useParams();
  const agent = useAgent(agentId);
  // asked for beside the record, not once it is in: the two requests go out together
  const [params] = useSearchParams();
  const jump = readJump(params);
  const entries = useAgentEntries(agentId, jump);
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
          <LegalHolds agentId={agentId} />
          <Section title="Audit">
            <AgentAudit agentId={agentId} />
          </Section>
          <EvidenceDownload agentId={agentId} firstEntryAt={record.first_activity_at} />
          <Section title="Traces">
            <AgentTraces agentId={agentId} />
          </Section>
          <AgentLog entries={entries} jump={jump} total={record.head_sequence} />
        </Stack>
      )}
    </RecordPage>
  );
}
