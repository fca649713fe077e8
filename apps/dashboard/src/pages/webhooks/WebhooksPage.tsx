import { Button, Modal } from "@mantine/core";
import { useState } from "react";
import { AppLink } from "../../components/AppLink";
import { DateTime } from "../../components/DateTime";
import { PagedTable } from "../../components/PagedTable";
import { PageHeader } from "../../components/PageHeader";
import { ShownOnceModal } from "../../components/ShownOnceModal";
import { StatusBadge } from "../../components/StatusBadge";
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
      <PagedTable
        list={webhooks}
        rowKey={(webhook) => webhook.webhook_id}
        minWidth={760}
        empty="No webhooks yet."
        columns={[
          {
            header: "URL",
            style: { wordBreak: "break-all" },
            cell: (webhook) => <AppLink to={`/webhooks/${webhook.webhook_id}`}>{webhook.url}</AppLink>,
          },
          { header: "Events", cell: (webhook) => webhook.events.join(", ") },
          { header: "Description", cell: (webhook) => webhook.description || "—" },
          {
            header: "Status",
            cell: (webhook) => <StatusBadge status={webhook.status} />,
          },
          { header: "Created", cell: (webhook) => <DateTime value={webhook.created_at} /> },
        ]}
      />
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
