import { Group, NumberInput } from "@mantine/core";
import { useState } from "react";
import type { ApiKey } from "../../api/schema";
import { ConfirmButton } from "../../components/ConfirmButton";
import { useRevokeKey, useRollKey } from "./use-keys";

interface Props {
  apiKey: ApiKey;
  onRolled: (key: string, previousExpiresAt: string | null) => void;
}

/** Roll and Revoke, each behind a confirmation, for an active key; nothing for the others. */
export function KeyActions({ apiKey, onRolled }: Props) {
  const revoke = useRevokeKey();
  const roll = useRollKey();
  const [overlap, setOverlap] = useState<number | string>(24);
  const label = apiKey.name ?? apiKey.display_prefix;

  if (apiKey.status !== "active") return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <ConfirmButton
        size="xs"
        color="orange"
        title={`Roll the key ${label}?`}
        message="A new key replaces this one. The old key keeps working during the overlap, then stops."
        confirmLabel="Roll key"
        extra={
          <NumberInput
            label="Overlap (hours)"
            min={0}
            max={720}
            allowDecimal={false}
            value={overlap}
            onChange={setOverlap}
          />
        }
        onConfirm={async () => {
          const rolled = await roll.mutateAsync({
            keyId: apiKey.key_id,
            overlapHours: typeof overlap === "number" ? overlap : 24,
          });
          roll.reset();
          onRolled(rolled.key, rolled.previous.expires_at);
        }}
      >
        Roll
      </ConfirmButton>
      <ConfirmButton
        size="xs"
        title={`Revoke the key ${label}?`}
        message="Every request with this key is refused from now on. This cannot be undone."
        confirmLabel="Revoke key"
        onConfirm={() => revoke.mutateAsync(apiKey.key_id)}
      >
        Revoke
      </ConfirmButton>
    </Group>
  );
}
