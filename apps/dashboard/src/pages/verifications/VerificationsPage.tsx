import { Group, TextInput } from "@mantine/core";
import { useInputState } from "@mantine/hooks";
import { useSearchParams } from "react-router";
import { CopyableId } from "../../components/CopyButton";
import { DateTime } from "../../components/DateTime";
import { FilterForm } from "../../components/FilterForm";
import { PagedTable } from "../../components/PagedTable";
import { PageHeader } from "../../components/PageHeader";
import { TimeRangeControl } from "../../components/TimeRangeControl";
import { rangeParams } from "../../components/time-range";
import { useUrlRange } from "../../components/use-url-range";
import { VerdictBadge } from "../../components/VerdictBadge";
import { AgentLink } from "../agents/AgentLink";
import { ContextLink } from "./ContextLink";
import { useVerifications } from "./use-verifications";
import { VerifyDataForm } from "./VerifyDataForm";

export default function VerificationsPage() {
  const [params, setParams] = useSearchParams();
  const contextId = params.get("context_id") ?? "";
  const { range, window, setRange } = useUrlRange(null);
  const verifications = useVerifications(contextId, window);
  const [draft, setDraft] = useInputState(contextId);

  return (
    <>
      <PageHeader title="Verifications" />
      <VerifyDataForm />
      <div style={{ height: 16 }} />
      <FilterForm
        onApply={() =>
          setParams({
            ...(draft.trim() ? { context_id: draft.trim() } : {}),
            ...(range ? rangeParams(range) : {}),
          })
        }
      >
        <TextInput label="Context id" placeholder="ctx_…" value={draft} onChange={setDraft} />
      </FilterForm>
      <Group mb="md">
        <TimeRangeControl value={range} onChange={setRange} label="Made" allowAny />
      </Group>
      <PagedTable
        list={verifications}
        rowKey={(verification) => verification.verification_id}
        minWidth={760}
        empty="No verifications."
        columns={[
          {
            header: "Verification",
            cell: (verification) => (
              <CopyableId
                id={verification.verification_id}
                what="verification id"
                to={`/verifications/${verification.verification_id}`}
              />
            ),
          },
          {
            header: "Result",
            cell: (verification) => <VerdictBadge verdict={verification.verdict} />,
          },
          { header: "Context", cell: (verification) => <ContextLink id={verification.context_id} /> },
          { header: "Agent", cell: (verification) => <AgentLink agentId={verification.agent_id} /> },
          { header: "Confirmations", cell: (verification) => verification.confirmations },
          { header: "When", cell: (verification) => <DateTime value={verification.created_at} /> },
        ]}
      />
    </>
  );
}
