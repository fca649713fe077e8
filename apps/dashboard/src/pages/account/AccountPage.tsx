import { Box, Stack, Text } from "@mantine/core";
import { useNavigate } from "react-router";
import { useSession } from "../../app/session";
import { ConfirmButton } from "../../components/ConfirmButton";
import { DateTime } from "../../components/DateTime";
import { FieldList } from "../../components/FieldList";
import { PagedTable } from "../../components/PagedTable";
import { PageHeader } from "../../components/PageHeader";
import { Section } from "../../components/Section";
import { StatusBadge } from "../../components/StatusBadge";
import { DashboardsTable } from "./DashboardsTable";
import { InvitationsTable } from "./InvitationsTable";
import { InviteForm } from "./InviteForm";
import { PasswordForm } from "./PasswordForm";
import { PersonActions } from "./PersonActions";
import { usePeople, useSignOutEverywhere } from "./use-account";

export default function AccountPage() {
  const session = useSession();
  const people = usePeople();
  const signOutEverywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  const account = session.data?.account;
  // the one person who can sign in (active) cannot be disabled or removed: the API refuses it.
  // Known only once every page of people is loaded; before, the buttons stay (the API still says no).
  const active = people.items.filter((person) => person.status === "active");
  const lastId = !people.hasNextPage && active.length === 1 ? active[0]?.account_id : undefined;

  return (
    <>
      <PageHeader title="Account" />
      <Stack>
        <Section title="You">
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
            message="Every session of yours ends, on every device and in every user's dashboard, this one included."
            confirmLabel="Sign out everywhere"
            onConfirm={async () => {
              await signOutEverywhere.mutateAsync();
              navigate("/sign-in", { replace: true });
            }}
          >
            Sign out everywhere
          </ConfirmButton>
        </Section>
        <Section title="Your dashboards">
          <DashboardsTable />
        </Section>
        <Section title="Change password">
          <PasswordForm />
        </Section>
        <Section title="People of this user">
          <Text size="sm" c="dimmed" mb="sm">
            Everyone here signs in to the same keys, contexts and webhooks. An invitation is mailed to the
            email; its owner joins with the link in it. Disabling or removing a person ends their sessions
            here at once; the last person who can sign in stays.
          </Text>
          <InviteForm />
          <Box mt="md">
            <PagedTable
              list={people}
              rowKey={(person) => person.account_id}
              minWidth={560}
              skeletonRows={3}
              columns={[
                { header: "Email", cell: (person) => person.email },
                { header: "Status", cell: (person) => <StatusBadge status={person.status} /> },
                { header: "Added", cell: (person) => <DateTime value={person.created_at} /> },
                {
                  header: "Last sign-in",
                  cell: (person) => <DateTime value={person.last_sign_in_at} empty="never" />,
                },
                {
                  header: "Actions",
                  cell: (person) => (
                    <PersonActions
                      person={person}
                      self={person.account_id === account?.account_id}
                      last={person.account_id === lastId}
                    />
                  ),
                },
              ]}
            />
          </Box>
          <InvitationsTable />
        </Section>
      </Stack>
    </>
  );
}
