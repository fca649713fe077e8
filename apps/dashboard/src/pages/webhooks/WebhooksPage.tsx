import { Anchor, Button, Modal, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { LoadMore } from "../../components/LoadMore";
import { PageHeader } from "../../components/PageHeader";
import { ShownOnceModal } from "../../components/ShownOnceModal";
import { StatusBadge } from "../../components/StatusBadge";
import { TableSkeleton } from "../../components/TableSkeleton";
import { useCreateWebhook, useWebhooks } from "./use-webhooks";
import { WebhookForm } from "./WebhookForm";

export default function WebhooksPage() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [creating, setCreating] = useState(false);
  // the new signing secret: here only, until the dialog closes
  const [secret, setSecret] = useState<string | null>(null);

  const closeForm = () => {
    create.reset();
    setCreating(false);
  };

  return (
    <>
      <PageHeader title="Webhooks">
        <Button onClick={() => setCreating(true)}>New webhook</Button>
      </PageHeader>
      {webhooks.error ? <ErrorAlert error={webhooks.error} mb="md" /> : null}
      {webhooks.isPending ? (
        <TableSkeleton />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>URL</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {webhooks.items.map((webhook) => (
                <Table.Tr key={webhook.webhook_id}>
                  <Table.Td style={{ wordBreak: "break-all" }}>
                    <Anchor component={Link} to={`/webhooks/${webhook.webhook_id}`}>
                      {webhook.url}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{webhook.events.join(", ")}</Table.Td>
                  <Table.Td>{webhook.description || "—"}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={webhook.disabled ? "disabled" : webhook.status} />
                  </Table.Td>
                  <Table.Td>
                    <DateTime value={webhook.created_at} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {webhooks.items.length === 0 && !webhooks.error ? <Text c="dimmed">No webhooks yet.</Text> : null}
        </Table.ScrollContainer>
      )}
      <LoadMore {...webhooks} />
      <Modal opened={creating} onClose={closeForm} title="Create a webhook" centered size="lg">
        <WebhookForm
          submitLabel="Create webhook"
          busy={create.isPending}
          error={create.error}
          onCancel={closeForm}
          onSubmit={(input) =>
            create.mutate(input, {
              onSuccess: (created) => {
                setSecret(created.secret);
                closeForm();
              },
            })
          }
        />
      </Modal>
      <ShownOnceModal
        value={secret}
        title="The webhook's signing secret"
        label="Signing secret"
        onClose={() => setSecret(null)}
      />
    </>
  );
}
