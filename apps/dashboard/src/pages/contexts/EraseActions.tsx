import { Alert } from "@mantine/core";
import { ConfirmButton } from "../../components/ConfirmButton";
import { useAgent } from "../agents/use-agents";
import { useEraseAgentData, useEraseContextData } from "./use-erase";

const KEPT =
  "Its hash, signature, place in the agent's log and proof stay, so it still verifies and the log still audits complete; whoever kept the data can still prove it.";

/** "Erase data" of one context, behind a confirmation; disabled once erased. */
export function EraseContextButton({ id, erased }: { id: string; erased: boolean }) {
  const erase = useEraseContextData(id);
  return (
    <ConfirmButton
      disabled={erased}
      title="Erase this context's data?"
      message={`Its context_data and metadata are deleted everywhere ctxlog keeps them, for good. ${KEPT}`}
      confirmLabel="Erase data"
      onConfirm={() => erase.mutateAsync()}
    >
      Erase data
    </ConfirmButton>
  );
}

/**
 * "Erase agent data": every context of one agent, behind a confirmation that says how many
 * contexts the agent has (its record's counts, GET /v1/agents/:agent_id: the agent page has it
 * cached already) and asks for the agent id to be typed.
 */
export function EraseAgentButton({ agentId }: { agentId: string }) {
  const erase = useEraseAgentData(agentId);
  const counts = useAgent(agentId).data?.counts;
  const contexts = counts ? counts.pending + counts.confirmed + counts.failed : null;
  const all = contexts === null ? "all the contexts" : `all ${contexts} context${contexts === 1 ? "" : "s"}`;
  return (
    <>
      <ConfirmButton
        title={`Erase the data of every context of ${agentId}?`}
        message={`The context_data and metadata of ${all} of this agent are deleted everywhere ctxlog keeps them, for good (those erased before stay erased). ${KEPT}`}
        confirmLabel={`Erase the data of ${all}`}
        typeToConfirm={agentId}
        onConfirm={() => erase.mutateAsync()}
      >
        Erase agent data
      </ConfirmButton>
      {erase.data ? (
        <Alert color="blue">
          Erased the data of {erase.data.erased} context{erase.data.erased === 1 ? "" : "s"} of {agentId}.
        </Alert>
      ) : null}
    </>
  );
}
