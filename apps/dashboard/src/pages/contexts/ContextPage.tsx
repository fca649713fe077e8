import { Anchor, Grid, Paper, Skeleton, Stack, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FieldList } from "../../components/FieldList";
import { JsonBlock } from "../../components/JsonBlock";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { ContextActions } from "./ContextActions";
import { ContextTimeline } from "./ContextTimeline";
import { deriveTimeline } from "./timeline";
import { useContextRecord, useProof } from "./use-contexts";

export default function ContextPage() {
  const { id = "" } = useParams();
  const context = useContextRecord(id);
  const proof = useProof(id, context.data?.status === "confirmed");

  if (context.error) {
    return (
      <>
        <PageHeader title="Context" />
        <ErrorAlert error={context.error} />
      </>
    );
  }
  const record = context.data;
  return (
    <>
      <PageHeader title={`Context ${id}`}>
        {record ? <StatusBadge status={record.status} /> : null}
      </PageHeader>
      <Anchor component={Link} to="/contexts" size="sm" mb="md" display="inline-block">
        All contexts
      </Anchor>
      {!record ? (
        <Skeleton height={480} />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                Timeline
              </Title>
              <ContextTimeline steps={deriveTimeline(record, proof.data?.required_confirmations)} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack>
              <ContextActions context={record} />
              <Paper withBorder p="md">
                <Title order={2} size="h4" mb="sm">
                  Record
                </Title>
                <FieldList
                  fields={[
                    ["Agent", record.agent_id],
                    ["Visibility", record.visibility],
                    ["Received", <DateTime key="c" value={record.created_at} />],
                    ["Estimated confirmation", <DateTime key="e" value={record.estimated_confirmation} />],
                    ["Context hash", record.context_hash],
                    ["Sequence in the agent's log", record.sequence],
                    ["Previous entry hash", record.prev_entry_hash],
                    ["Entry hash", record.entry_hash],
                    ["Signature", record.signature],
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
              </Paper>
              <Paper withBorder p="md">
                <Title order={2} size="h4" mb="sm">
                  Context data
                </Title>
                <JsonBlock value={record.context_data} label="Context data" />
                <Title order={2} size="h4" my="sm">
                  Metadata
                </Title>
                <JsonBlock value={record.metadata} label="Metadata" />
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
