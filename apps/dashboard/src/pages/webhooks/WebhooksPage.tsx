import { Button, Group, Modal } from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AppLink } from "../../components/AppLink";
import { DateTime } from "../../components/DateTime";
import { PagedTable } from "../../components/PagedTable";
import { PageHeader } from "../../components/PageHeader";
import { ShownOnceModal } from "../../components/ShownOnceModal";
import { StatusBadge } from "../../components/StatusBadge";
import { StatusFilter } from "../../components/StatusFilter";
import { useCreateWebhook, useWebhooks, WEBHOOK_HEALTH_FILTERS } from "./use-webhooks";
import { WebhookForm } from "./WebhookForm";

export default function WebhooksPage() {
  // ?health= (the overview's tiles link here with it)
  const [params, setParams] = useSearchParams();
  const asked = params.get("health") ?? "";
  const health = WEBHOOK_HEALTH_FILTERS.find((h) => h === asked) ?? "";
  const webhooks = useWebhooks(health);
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
      <Group mb="md">
        <StatusFilter
          label="Health"
          statuses={WEBHOOK_HEALTH_FILTERS}
          value={health}
          onChange={(next) => setParams(next ? { health: next } : {})}
        />
      </Group>
      <PagedTable
        list={webhooks}
        rowKey={(webhook) => webhook.webhook_id}
        minWidth={760}
        empty={health ? `No ${health} webhooks.` : "No webhooks yet."}
        columns={[
          {
            header: "URL",
            style: { wordBreak: "break-all" },
            cell: (webhook) => <AppLink to={`/webhooks/${webhook.webhook_id}`}>{webhook.url}</AppLink>,
          },
          { header: "Events", cell: (webhook) => webhook.events.join(", ") },
          { header: "Description", cell: (webhook) => webhook.description || "—" },
          {
            header: "Health",
            cell: (webhook) => <StatusBadge status={webhook.health} />,
          },
          { header: "Created", cell: (webhook) => <DateTime value={webhook.created_at} /> },
        ]}
      />
      <Modal opened={creating} onClose={closeForm} title="Create a webhook" centered size="lg">
        <WebhookForm
          submitLabel="Create webhook"
          offerSecret
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
