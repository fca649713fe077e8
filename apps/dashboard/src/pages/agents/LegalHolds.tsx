import { Badge, Button, Group, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useApi } from "../../api/api-context";
import { unwrap } from "../../api/errors";
import { useChangeMutation } from "../../api/mutations";
import { usePagedQuery } from "../../api/paged";
import type { Schemas } from "../../api/schema";
import { ConfirmButton } from "../../components/ConfirmButton";
import { DateTime } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { PagedTable } from "../../components/PagedTable";
import { Section } from "../../components/Section";

export type LegalHold = Schemas["LegalHold"];

/** The longest reason the API keeps (placeHoldBodySchema). */
const MAX_REASON = 500;

const holdsKey = (agentId: string) => ["agents", "holds", agentId] as const;

/** GET /v1/agents/:agent_id/holds: newest first, active and released. */
function useLegalHolds(agentId: string) {
  const api = useApi();
  return usePagedQuery<LegalHold>({
    queryKey: holdsKey(agentId),
    fetchPage: (cursor) =>
      unwrap(
        api.GET("/agents/{agent_id}/holds", {
          params: { path: { agent_id: agentId }, query: { limit: 25, cursor } },
        }),
      ),
  });
}

function usePlaceHold(agentId: string) {
  return useChangeMutation(
    (api, reason: string) =>
      unwrap(
        api.POST("/agents/{agent_id}/holds", { params: { path: { agent_id: agentId } }, body: { reason } }),
      ),
    holdsKey(agentId),
  );
}

function useReleaseHold(agentId: string) {
  return useChangeMutation(
    (api, holdId: string) =>
      unwrap(
        api.POST("/agents/{agent_id}/holds/{hold_id}/release", {
          params: { path: { agent_id: agentId, hold_id: holdId } },
        }),
      ),
    holdsKey(agentId),
  );
}

function ReleaseButton({ agentId, hold }: { agentId: string; hold: LegalHold }) {
  const release = useReleaseHold(agentId);
  return (
    <ConfirmButton
      size="xs"
      title="Release this legal hold?"
      message={`“${hold.reason}” stops keeping ${agentId}'s data: once no hold of the agent is active, its contexts' data may be erased again (by a request, or by retention). The hold stays on record as released.`}
      confirmLabel="Release the hold"
      onConfirm={() => release.mutateAsync(hold.hold_id)}
    >
      Release
    </ConfirmButton>
  );
}

/**
 * The agent's legal holds (issue 42): listed, placed with a reason, released. While one is active,
 * every erasure of the agent's contexts' data is refused (409: the erase button's dialog says so)
 * and retention leaves it.
 */
export function LegalHolds({ agentId }: { agentId: string }) {
  const holds = useLegalHolds(agentId);
  const place = usePlaceHold(agentId);
  const [reason, setReason] = useState("");
  const active = holds.items.filter((hold) => hold.released_at === null).length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === "") return;
    try {
      await place.mutateAsync(reason.trim());
      setReason("");
    } catch {
      // shown below, from the mutation's error
    }
  };

  return (
    <Section
      title="Legal holds"
      aside={
        <Badge color={active > 0 ? "orange" : "gray"} variant="light">
          {active > 0 ? `${active} active` : "none active"}
        </Badge>
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        While a hold is active, the data of this agent's contexts cannot be erased, by a request or by
        retention. Released holds stay on record, and evidence packs list the holds of their period.
      </Text>
      <form onSubmit={submit} aria-label="Place a legal hold">
        <Group align="flex-end" gap="sm" mb="sm">
          <TextInput
            label="Reason"
            placeholder="litigation hold: case 2026-CV-0142"
            value={reason}
            maxLength={MAX_REASON}
            onChange={(event) => setReason(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" loading={place.isPending} disabled={reason.trim() === ""}>
            Place hold
          </Button>
        </Group>
      </form>
      {place.error ? <ErrorAlert error={place.error} title="The hold was not placed" mb="sm" /> : null}
      <PagedTable
        list={holds}
        label="Legal holds"
        rowKey={(hold) => hold.hold_id}
        minWidth={760}
        empty="No legal hold: this agent's data may be erased."
        columns={[
          {
            header: "Status",
            cell: (hold) =>
              hold.released_at === null ? (
                <Badge color="orange" variant="light">
                  active
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  released
                </Badge>
              ),
          },
          { header: "Reason", style: { wordBreak: "break-word" }, cell: (hold) => hold.reason },
          {
            header: "Placed",
            cell: (hold) => (
              <>
                <DateTime value={hold.placed_at} />
                <Text size="xs" c="dimmed">
                  by {hold.placed_by}
                </Text>
              </>
            ),
          },
          {
            header: "Released",
            cell: (hold) =>
              hold.released_at === null ? (
                <ReleaseButton agentId={agentId} hold={hold} />
              ) : (
                <>
                  <DateTime value={hold.released_at} />
                  <Text size="xs" c="dimmed">
                    by {hold.released_by}
                  </Text>
                </>
              ),
          },
        ]}
      />
    </Section>
  );
}
