import { Button, NativeSelect, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "../../components/ErrorAlert";
import { LoadMore } from "../../components/LoadMore";
import { PageHeader } from "../../components/PageHeader";
import { ShownOnceModal } from "../../components/ShownOnceModal";
import { TableSkeleton } from "../../components/TableSkeleton";
import { CreateKeyModal } from "./CreateKeyModal";
import { KeyRow } from "./KeyRow";
import { type KeyStatusFilter, useKeys } from "./use-keys";

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
      <NativeSelect
        label="Status"
        w={200}
        mb="md"
        data={[
          { value: "", label: "All" },
          { value: "active", label: "Active" },
          { value: "revoked", label: "Revoked" },
          { value: "expired", label: "Expired" },
        ]}
        value={status}
        onChange={(event) =>
          setParams(event.currentTarget.value ? { status: event.currentTarget.value } : {})
        }
      />
      {keys.error ? <ErrorAlert error={keys.error} mb="md" /> : null}
      {keys.isPending ? (
        <TableSkeleton />
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Prefix</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.items.map((apiKey) => (
                <KeyRow
                  key={apiKey.key_id}
                  apiKey={apiKey}
                  onRolled={(key, previousExpiresAt) =>
                    setShown({
                      title: "Your rolled API key",
                      key,
                      note: previousExpiresAt
                        ? `The previous key keeps working until ${new Date(previousExpiresAt).toLocaleString()}.`
                        : undefined,
                    })
                  }
                />
              ))}
            </Table.Tbody>
          </Table>
          {keys.items.length === 0 && !keys.error ? <Text c="dimmed">No keys yet.</Text> : null}
        </Table.ScrollContainer>
      )}
      <LoadMore {...keys} />
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
