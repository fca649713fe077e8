import { Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useNavigate } from "react-router";
import { useSession } from "../../app/session";
import { ConfirmButton } from "../../components/ConfirmButton";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FieldList } from "../../components/FieldList";
import { LoadMore } from "../../components/LoadMore";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { TableSkeleton } from "../../components/TableSkeleton";
import { InviteForm } from "./InviteForm";
import { PasswordForm } from "./PasswordForm";
import { usePeople, useSignOutEverywhere } from "./use-account";

export default function AccountPage() {
  const session = useSession();
  const people = usePeople();
  const signOutEverywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  const account = session.data?.account;

  return (
    <>
      <PageHeader title="Account" />
      <Stack>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            You
          </Title>
          <FieldList
            fields={[
              ["Email", account?.email],
              ["User", account?.user_id],
              ["Account created", <DateTime key="c" value={account?.created_at} />],
              ["Session expires", <DateTime key="e" value={session.data?.expires_at} />],
            ]}
          />
          <ConfirmButton
            mt="md"
            title="Sign out everywhere?"
            message="Every session of your account ends, on every device, this one included."
            confirmLabel="Sign out everywhere"
            onConfirm={async () => {
              await signOutEverywhere.mutateAsync();
              navigate("/sign-in", { replace: true });
            }}
          >
            Sign out everywhere
          </ConfirmButton>
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Change password
          </Title>
          <PasswordForm />
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            People of this user
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Everyone here signs in to the same keys, contexts and webhooks.
          </Text>
          <InviteForm />
          {people.error ? <ErrorAlert error={people.error} my="md" /> : null}
          {people.isPending ? (
            <TableSkeleton rows={3} />
          ) : (
            <Table.ScrollContainer minWidth={560} mt="md">
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Added</Table.Th>
                    <Table.Th>Last sign-in</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {people.items.map((person) => (
                    <Table.Tr key={person.account_id}>
                      <Table.Td>{person.email}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={person.status} />
                      </Table.Td>
                      <Table.Td>
                        <DateTime value={person.created_at} />
                      </Table.Td>
                      <Table.Td>
                        <DateTime value={person.last_sign_in_at} empty="never" />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <LoadMore {...people} />
        </Paper>
      </Stack>
    </>
  );
}
