import { Code, Table, Text } from "@mantine/core";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { LoadMore } from "../../components/LoadMore";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { TableSkeleton } from "../../components/TableSkeleton";
import { useSigners } from "./use-signers";

export default function SignersPage() {
  const signers = useSigners();
  return (
    <>
      <PageHeader title="Signers" />
      <Text size="sm" c="dimmed" mb="md">
        The addresses that sign context hashes, and when each was in use: a context's signature must come from
        the signer of its time.
      </Text>
      {signers.error ? <ErrorAlert error={signers.error} mb="md" /> : null}
      {signers.isPending ? (
        <TableSkeleton rows={3} />
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Address</Table.Th>
                <Table.Th>Valid from</Table.Th>
                <Table.Th>Valid until</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {signers.items.map((signer) => (
                <Table.Tr key={`${signer.address}-${signer.valid_from}`}>
                  <Table.Td>
                    <Code>{signer.address}</Code>
                  </Table.Td>
                  <Table.Td>
                    <DateTime value={signer.valid_from} />
                  </Table.Td>
                  <Table.Td>
                    <DateTime value={signer.valid_until} empty="in use" />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={signer.valid_until ? "expired" : "active"} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LoadMore {...signers} />
    </>
  );
}
