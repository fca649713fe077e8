import { Button, Table, Text } from "@mantine/core";
import { useNavigate } from "react-router";
import { useSession } from "../../app/session";
import { ErrorAlert } from "../../components/ErrorAlert";
import { StatusBadge } from "../../components/StatusBadge";
import { useSwitchDashboard } from "./use-account";

/**
 * Every user's dashboard this person may be in (one email, one password): the ones they joined and
 * open invitations to their email. Switching starts a session there; joining an invitation too.
 */
export function DashboardsTable() {
  const session = useSession();
  const switchTo = useSwitchDashboard();
  const navigate = useNavigate();
  const current = session.data?.account.account_id;
  const memberships = session.data?.memberships ?? [];
  if (memberships.length <= 1) {
    return (
      <Text size="sm" c="dimmed">
        Only this user&apos;s dashboard. When another user invites your email, it shows here.
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={420}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {memberships.map((m) => (
              <Table.Tr key={m.account_id}>
                <Table.Td>{m.user_id}</Table.Td>
                <Table.Td>
                  {m.account_id === current ? (
                    <Text size="sm">this one</Text>
                  ) : (
                    <StatusBadge status={m.status} />
                  )}
                </Table.Td>
                <Table.Td>
                  {m.account_id === current ? null : (
                    <Button
                      size="xs"
                      variant="default"
                      loading={switchTo.isPending && switchTo.variables === m.account_id}
                      onClick={() =>
                        switchTo.mutate(m.account_id, { onSuccess: () => navigate("/", { replace: true }) })
                      }
                    >
                      {m.status === "invited" ? `Join ${m.user_id}` : `Switch to ${m.user_id}`}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {switchTo.error ? <ErrorAlert error={switchTo.error} mt="sm" /> : null}
    </>
  );
}
