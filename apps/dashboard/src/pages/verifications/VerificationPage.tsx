import { Anchor, Paper, Skeleton, Stack, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import { ChecksList } from "../../components/ChecksList";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FieldList } from "../../components/FieldList";
import { PageHeader } from "../../components/PageHeader";
import { StatusBadge } from "../../components/StatusBadge";
import { useVerification } from "./use-verifications";

export default function VerificationPage() {
  const { id = "" } = useParams();
  const verification = useVerification(id);
  const record = verification.data;

  return (
    <>
      <PageHeader title={`Verification ${id}`}>
        {record ? <StatusBadge status={record.verified ? "verified" : "not verified"} /> : null}
      </PageHeader>
      <Anchor component={Link} to="/verifications" size="sm" mb="md" display="inline-block">
        All verifications
      </Anchor>
      {verification.error ? <ErrorAlert error={verification.error} /> : null}
      {verification.isPending ? <Skeleton height={420} /> : null}
      {record ? (
        <Stack>
          <Paper withBorder p="md">
            <FieldList
              fields={[
                [
                  "Context",
                  record.context_id ? (
                    <Anchor key="c" component={Link} to={`/contexts/${record.context_id}`}>
                      {record.context_id}
                    </Anchor>
                  ) : null,
                ],
                ["Agent", record.agent_id],
                ["Context hash", record.context_hash],
                ["Transaction", record.transaction_hash],
                ["Block", record.block_number],
                ["Confirmations", record.confirmations],
                ["Signature valid", record.signature_valid ? "yes" : "no"],
                ["Hash matches", record.hash_matches ? "yes" : "no"],
                ["Took", `${record.verification_time_ms} ms`],
                ["When", <DateTime key="w" value={record.created_at} />],
              ]}
            />
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              Checks
            </Title>
            <ChecksList checks={record.checks} />
          </Paper>
        </Stack>
      ) : null}
    </>
  );
}
