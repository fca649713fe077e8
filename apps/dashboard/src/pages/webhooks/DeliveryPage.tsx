import { Anchor, Button, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FieldList } from "../../components/FieldList";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { useDelivery, useRetryDelivery } from "./use-webhooks";

export default function DeliveryPage() {
  const { id = "", deliveryId = "" } = useParams();
  const delivery = useDelivery(id, deliveryId);
  const retry = useRetryDelivery(id, deliveryId);
  const record = delivery.data;

  return (
    <>
      <PageHeader title={`Delivery ${deliveryId}`}>
        {record ? <StatusBadge status={record.status} /> : null}
        {record && record.status !== "pending" ? (
          <Button loading={retry.isPending} onClick={() => retry.mutate()}>
            Retry delivery
          </Button>
        ) : null}
      </PageHeader>
      <Anchor component={Link} to={`/webhooks/${id}`} size="sm" mb="md" display="inline-block">
        Back to the webhook
      </Anchor>
      {delivery.error ? <ErrorAlert error={delivery.error} /> : null}
      {retry.error ? <ErrorAlert error={retry.error} title="The retry was refused" mb="md" /> : null}
      {delivery.isPending ? <Skeleton height={360} /> : null}
      {record ? (
        <Stack>
          <Paper withBorder p="md">
            <FieldList
              fields={[
                ["Event", record.event],
                ["Attempts in this cycle", record.attempts],
                ["Cycle", record.cycle],
                ["Last response status", record.response_status],
                ["Last error", record.error_message],
                ["Created", <DateTime key="c" value={record.created_at} />],
                ["Last attempt", <DateTime key="l" value={record.last_attempt_at} />],
                ["Next attempt", <DateTime key="n" value={record.next_attempt_at} />],
              ]}
            />
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              Attempts
            </Title>
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Cycle</Table.Th>
                    <Table.Th>Attempt</Table.Th>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Duration</Table.Th>
                    <Table.Th>Response status</Table.Th>
                    <Table.Th>Error</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {record.attempt_log.map((attempt) => (
                    <Table.Tr key={`${attempt.cycle}-${attempt.number}`}>
                      <Table.Td>{attempt.cycle}</Table.Td>
                      <Table.Td>{attempt.number}</Table.Td>
                      <Table.Td>
                        <DateTime value={attempt.attempted_at} />
                      </Table.Td>
                      <Table.Td>{attempt.duration_ms} ms</Table.Td>
                      <Table.Td>{attempt.response_status ?? "—"}</Table.Td>
                      <Table.Td style={{ wordBreak: "break-word" }}>{attempt.error ?? "—"}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {record.attempt_log.length === 0 ? <Text c="dimmed">No attempt yet.</Text> : null}
          </Paper>
        </Stack>
      ) : null}
    </>
  );
}
