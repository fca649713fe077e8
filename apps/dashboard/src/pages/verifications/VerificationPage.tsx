import { Stack } from "@mantine/core";
import { useParams } from "react-router";
import { ChecksList } from "../../components/ChecksList";
import { CopyButton } from "../../components/CopyButton";
import { DateTime } from "../../components/DateTime";
import { FieldList } from "../../components/FieldList";
import { HashText } from "../../components/HashText";
import { RecordPage } from "../../components/RecordPage";
import { Section } from "../../components/Section";
import { checkAnswer, VerdictBadge } from "../../components/VerdictBadge";
import { AgentLink } from "../agents/AgentLink";
import { ContextLink } from "./ContextLink";
import { useVerification } from "./use-verifications";

export default function VerificationPage() {
  const { id = "" } = useParams();
  const verification = useVerification(id);

  return (
    <RecordPage
      title={`Verification ${id}`}
      query={verification}
      back={{ to: "/verifications", label: "All verifications" }}
      header={(record) => (
        <>
          <VerdictBadge verdict={record.verdict} />
          <CopyButton value={record.verification_id} label="Copy verification id" />
        </>
      )}
      skeletonHeight={420}
    >
      {(record) => (
        <Stack>
          <Section>
            <FieldList
              fields={[
                ["Context", <ContextLink key="c" id={record.context_id} />],
                ["Agent", <AgentLink key="a" agentId={record.agent_id} />],
                ["Context hash", <HashText key="h" value={record.context_hash} what="context hash" />],
                ["Transaction", <HashText key="t" value={record.transaction_hash} what="transaction hash" />],
                ["Block", record.block_number],
                ["Confirmations", record.confirmations],
                ["Signature valid", checkAnswer(record, "signature_valid", record.signature_valid)],
                ["Hash matches", checkAnswer(record, "hash_matches", record.hash_matches)],
                ["Took", `${record.verification_time_ms} ms`],
                ["When", <DateTime key="w" value={record.created_at} />],
              ]}
            />
          </Section>
          <Section title="Checks">
            <ChecksList checks={record.checks} />
          </Section>
        </Stack>
      )}
    </RecordPage>
  );
}
