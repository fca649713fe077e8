import { Code, Text } from "@mantine/core";
import { DateTime } from "../../components/DateTime";
import { PagedTable } from "../../components/PagedTable";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { useSigners } from "./use-signers";

export default function SignersPage() {
  const signers = useSigners();
  return (
    <>
      <PageHeader title="Signers" />
      <Text size="sm" c="dimmed" mb="md">
        The addresses that sign contexts (each context's receipt) and anchor batches, and when each was in
        use: a context's signature must come from the signer of its time.
      </Text>
      <PagedTable
        list={signers}
        rowKey={(signer) => `${signer.address}-${signer.kind}-${signer.valid_from}`}
        minWidth={680}
        skeletonRows={3}
        columns={[
          { header: "Address", cell: (signer) => <Code>{signer.address}</Code> },
          { header: "Valid from", cell: (signer) => <DateTime value={signer.valid_from} /> },
          { header: "Valid until", cell: (signer) => <DateTime value={signer.valid_until} empty="in use" /> },
          {
            header: "Status",
            cell: (signer) => <StatusBadge status={signer.valid_until ? "expired" : "active"} />,
          },
        ]}
      />
    </>
  );
}
