import { Grid, Stack } from "@mantine/core";
import { useParams } from "react-router";
import { DateTime } from "../../components/DateTime";
import { FieldList } from "../../components/FieldList";
import { JsonBlock } from "../../components/JsonBlock";
import { RecordPage } from "../../components/RecordPage";
import { Section, SectionTitle } from "../../components/Section";
import { StatusBadge } from "../../components/StatusBadge";
import { AgentLink } from "../agents/AgentLink";
import { ContextActions } from "./ContextActions";
import { ContextTimeline } from "./ContextTimeline";
import { traceIdOf } from "./span-tree";
import { TraceTree } from "./TraceTree";
import { deriveTimeline } from "./timeline";
import { useContextRecord, useProof } from "./use-contexts";

export default function ContextPage() {
  const { id = "" } = useParams();
  const context = useContextRecord(id);
  const proof = useProof(id, context.data?.status === "confirmed");

  return (
    <RecordPage
      title={`Context ${id}`}
      query={context}
      back={{ to: "/contexts", label: "All contexts" }}
      header={(record) => <StatusBadge status={record.status} />}
      skeletonHeight={480}
    >
      {(record) => {
        // a span received over OTLP: its trace, as a tree
        const traceId = traceIdOf(record);
        return (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Section title="Timeline">
                <ContextTimeline steps={deriveTimeline(record, proof.data?.required_confirmations)} />
              </Section>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack>
                <ContextActions context={record} />
                <Section title="Record">
                  <FieldList
                    fields={[
                      ["Agent", <AgentLink key="a" agentId={record.agent_id} />],
                      ["Visibility", record.visibility],
                      ["Received", <DateTime key="c" value={record.created_at} />],
                      ["Estimated confirmation", <DateTime key="e" value={record.estimated_confirmation} />],
                      ["Context hash", record.context_hash],
                      ["Sequence in the agent's log", record.sequence],
                      ["Previous entry hash", record.prev_entry_hash],
                      ["Entry hash", record.entry_hash],
                      ["Signature", record.signature],
                      [
                        "Signature scheme",
                        record.signature_scheme === "EIP-712"
                          ? "EIP-712: its receipt's signature (context hash, agent log place, received time)"
                          : "EIP-191 over the context hash (signed before receipts were a context's signature)",
                      ],
                      ["Signer", record.signer_address],
                      ["Network", record.network],
                      ["Transaction", record.transaction_hash],
                      ["Block", record.block_number],
                      ["Block time", <DateTime key="b" value={record.block_timestamp} />],
                      ["Confirmations", record.confirmations],
                      ["Gas used", record.gas_used],
                      ["Failure", record.failure_reason],
                    ]}
                  />
                </Section>
                {traceId ? (
                  <Section title="Trace">
                    <TraceTree traceId={traceId} currentId={record.context_id} />
                  </Section>
                ) : null}
                <Section title="Context data">
                  <JsonBlock value={record.context_data} label="Context data" />
                  <SectionTitle mt="sm">Metadata</SectionTitle>
                  <JsonBlock value={record.metadata} label="Metadata" />
                </Section>
              </Stack>
            </Grid.Col>
          </Grid>
        );
      }}
    </RecordPage>
  );
}
