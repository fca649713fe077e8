import { Alert, Grid, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { CopyButton } from "../../components/CopyButton";
import { DateTime } from "../../components/DateTime";
import { FieldList } from "../../components/FieldList";
import { HashText } from "../../components/HashText";
import { JsonViewer } from "../../components/JsonViewer";
import { RecordPage } from "../../components/RecordPage";
import { Section, SectionTitle } from "../../components/Section";
import { StatusBadge } from "../../components/StatusBadge";
import { AgentLink } from "../agents/AgentLink";
import { batchGasWords } from "../overview/cost-words";
import { ContextActions } from "./ContextActions";
import { ContextTimeline } from "./ContextTimeline";
import { contextSource } from "./context-source";
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
      header={(record) => (
        <>
          <StatusBadge status={record.status} />
          <CopyButton value={record.context_id} label="Copy context id" />
        </>
      )}
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
                      ["Source", contextSource(record)],
                      ["Visibility", record.visibility],
                      ["Received", <DateTime key="c" value={record.created_at} />],
                      // an estimate only while it is one: confirmed and failed contexts have their outcome
                      ...(record.status === "pending"
                        ? [
                            [
                              "Estimated confirmation",
                              <DateTime key="e" value={record.estimated_confirmation} />,
                            ] as [string, ReactNode],
                          ]
                        : []),
                      ["Context hash", <HashText key="ch" value={record.context_hash} what="context hash" />],
                      ["Sequence in the agent's log", record.sequence],
                      [
                        "Previous entry hash",
                        <HashText key="ph" value={record.prev_entry_hash} what="previous entry hash" />,
                      ],
                      ["Entry hash", <HashText key="eh" value={record.entry_hash} what="entry hash" />],
                      ["Signature", <HashText key="s" value={record.signature} what="signature" />],
                      [
                        "Signature scheme",
                        record.signature_scheme === "EIP-712"
                          ? "EIP-712: its receipt's signature (context hash, agent log place, received time)"
                          : "EIP-191 over the context hash (signed before receipts were a context's signature)",
                      ],
                      ["Signer", <HashText key="sa" value={record.signer_address} what="signer address" />],
                      ["Network", record.network],
                      [
                        "Transaction",
                        <HashText key="t" value={record.transaction_hash} what="transaction hash" />,
                      ],
                      ["Block", record.block_number],
                      ["Block time", <DateTime key="b" value={record.block_timestamp} />],
                      ["Confirmations", record.confirmations],
                      ["Gas used", batchGasWords(record.gas_used, record.batch_size, record.gas_price_wei)],
                      ["Failure", record.failure_reason],
                      [
                        "Data erased",
                        record.data_erased_at ? <DateTime key="d" value={record.data_erased_at} /> : null,
                      ],
                    ]}
                  />
                </Section>
                {traceId ? (
                  <Section title="Trace">
                    <TraceTree traceId={traceId} currentId={record.context_id} />
                  </Section>
                ) : null}
                <Section title="Context data">
                  {record.data_erased_at ? (
                    <Alert color="gray" title="Data erased">
                      Its context_data and metadata were erased <DateTime value={record.data_erased_at} />.
                      Its hashes, signature and proof remain: it still verifies, without its data.
                    </Alert>
                  ) : (
                    <>
                      <JsonViewer value={record.context_data} label="Context data" />
                      <SectionTitle mt="md">Metadata</SectionTitle>
                      <JsonViewer value={record.metadata} label="Metadata" />
                    </>
                  )}
                </Section>
              </Stack>
            </Grid.Col>
          </Grid>
        );
      }}
    </RecordPage>
  );
}
