import { Button, Code, Text } from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { DateTime } from "../../components/DateTime";
import { PagedTable } from "../../components/PagedTable";
import { PageHeader } from "../../components/PageHeader";
import { ShownOnceModal } from "../../components/ShownOnceModal";
import { StatusBadge } from "../../components/StatusBadge";
import { StatusFilter } from "../../components/StatusFilter";
import { formatDateTime, getZone } from "../../components/time-zone";
import { CreateKeyModal } from "./CreateKeyModal";
import { KeyActions } from "./KeyActions";
import { KEY_STATUSES, type KeyStatusFilter, useKeys } from "./use-keys";

interface Shown {
  title: string;
  key: string;
  note?: string;
}

export default function KeysPage() {
  const [params, setParams] = useSearchParams();
  const status = (params.get("status") ?? "") as KeyStatusFilter;
  const keys = useKeys(status);
  const [creating, setCreating] = useState(false);
  // the new key: here only, until the dialog closes
  const [shown, setShown] = useState<Shown | null>(null);

  return (
    <>
      <PageHeader title="API keys">
        <Button onClick={() => setCreating(true)}>New key</Button>
      </PageHeader>
      <StatusFilter
        label="Status"
        w={200}
        mb="md"
        statuses={KEY_STATUSES}
        value={status}
        onChange={(next) => setParams(next ? { status: next } : {})}
      />
      <PagedTable
        list={keys}
        rowKey={(apiKey) => apiKey.key_id}
        minWidth={900}
        empty="No keys yet."
        columns={[
          { header: "Name", cell: (apiKey) => apiKey.name ?? "—" },
          { header: "Type", cell: (apiKey) => apiKey.type },
          { header: "Prefix", cell: (apiKey) => <Code>{apiKey.display_prefix}</Code> },
          { header: "Created", cell: (apiKey) => <DateTime value={apiKey.created_at} /> },
          { header: "Last used", cell: (apiKey) => <DateTime value={apiKey.last_used_at} empty="never" /> },
          { header: "Expires", cell: (apiKey) => <DateTime value={apiKey.expires_at} empty="never" /> },
          { header: "Status", cell: (apiKey) => <StatusBadge status={apiKey.status} /> },
          {
            header: "Actions",
            cell: (apiKey) => (
              <KeyActions
                apiKey={apiKey}
                onRolled={(key, previousExpiresAt) =>
                  setShown({
                    title: "Your rolled API key",
                    key,
                    note: previousExpiresAt
                      ? `The previous key keeps working until ${formatDateTime(previousExpiresAt, getZone())}.`
                      : undefined,
                  })
                }
              />
            ),
          },
        ]}
      />
      <CreateKeyModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => setShown({ title: "Your new API key", key })}
      />
      <ShownOnceModal
        value={shown?.key ?? null}
        title={shown?.title ?? ""}
        label="API key"
        onClose={() => setShown(null)}
      >
        {shown?.note ? <Text size="sm">{shown.note}</Text> : null}
      </ShownOnceModal>
    </>
  );
}
