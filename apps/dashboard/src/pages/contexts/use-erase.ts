import { useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../api/errors";
import { useChangeMutation, useRecordMutation } from "../../api/mutations";
import { queryKeys } from "../../api/query-keys";

/** DELETE /contexts/:id/data: the answer (the erased record) replaces the cached one. */
export function useEraseContextData(id: string) {
  return useRecordMutation(
    (api) => unwrap(api.DELETE("/contexts/{id}/data", { params: { path: { id } } })),
    queryKeys.context(id),
    queryKeys.contextsAll,
  );
}

/**
 * DELETE /agents/:agent_id/data, called again while it says `done: false` (10,000 contexts a
 * call): resolves with how many contexts it erased in all.
 */
export function useEraseAgentData(agentId: string) {
  const queryClient = useQueryClient();
  return useChangeMutation(async (api) => {
    let erased = 0;
    for (;;) {
      const step = await unwrap(
        api.DELETE("/agents/{agent_id}/data", { params: { path: { agent_id: agentId } } }),
      );
      erased += step.erased;
      if (step.done) {
        // the agent's log shows its entries erased too
        await queryClient.invalidateQueries({ queryKey: queryKeys.agentEntries(agentId) });
        return { erased };
      }
    }
  }, queryKeys.contextsAll);
}
