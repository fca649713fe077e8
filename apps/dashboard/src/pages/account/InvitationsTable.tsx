import { Text } from "@mantine/core";
import { ConfirmButton } from "../../components/ConfirmButton";
import { DateTime } from "../../components/DateTime";
import { PagedTable } from "../../components/PagedTable";
import { StatusBadge } from "../../components/StatusBadge";
import { useInvitations, useRevokeInvitation } from "./use-account";

/** Open invitations (people who have not joined yet), each revocable. */
export function InvitationsTable() {
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  return (
    <>
      <Text size="sm" fw={500} mt="md" mb="xs">
        Invitations
      </Text>
      <PagedTable
        list={invitations}
        rowKey={(invitation) => invitation.account_id}
        minWidth={560}
        skeletonRows={1}
        empty="No open invitations: people you invite show here until they join."
        columns={[
          { header: "Email", cell: (invitation) => invitation.email },
          { header: "Status", cell: (invitation) => <StatusBadge status={invitation.status} /> },
          {
            header: "Link ends",
            cell: (invitation) => <DateTime value={invitation.expires_at} empty="no link" />,
          },
          {
            header: "Actions",
            cell: (invitation) => (
              <ConfirmButton
                size="xs"
                title={`Revoke the invitation of ${invitation.email}?`}
                message="Its sign-in link stops working now."
                confirmLabel="Revoke invitation"
                onConfirm={() => revoke.mutateAsync(invitation.account_id)}
              >
                Revoke
              </ConfirmButton>
            ),
          },
        ]}
      />
    </>
  );
}
