import { Button, Group, Modal, NativeSelect, NumberInput, Stack, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import type { ApiKey } from "../../api/schema";
import { ErrorAlert } from "../../components/ErrorAlert";
import { type CreateKeyInput, useCreateKey } from "./use-keys";

const TYPES: { value: ApiKey["type"]; label: string }[] = [
  { value: "full", label: "Full: create, read, manage webhooks" },
  { value: "read_only", label: "Read only" },
  { value: "public", label: "Public: reads public contexts only" },
  { value: "restricted", label: "Restricted: only the agents you name" },
];

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Receives the new key (shown once by the caller). */
  onCreated: (key: string) => void;
}

export function CreateKeyModal({ opened, onClose, onCreated }: Props) {
  const create = useCreateKey();
  const [type, setType] = useState<ApiKey["type"]>("full");
  const [name, setName] = useState("");
  const [patterns, setPatterns] = useState("");
  const [expiresInDays, setExpiresInDays] = useState<number | string>("");

  const close = () => {
    create.reset();
    setType("full");
    setName("");
    setPatterns("");
    setExpiresInDays("");
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: CreateKeyInput = { type };
    if (name.trim()) input.name = name.trim();
    if (type === "restricted") {
      input.agent_patterns = patterns
        .split(/[\s,]+/)
        .map((pattern) => pattern.trim())
        .filter(Boolean);
    }
    if (typeof expiresInDays === "number") input.expires_in_days = expiresInDays;
    create.mutate(input, {
      onSuccess: (created) => {
        onCreated(created.key);
        close();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Create an API key" centered>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            // the dialog's first field takes the focus (else Mantine focuses the close button)
            data-autofocus
            label="Name"
            description="Optional, to tell keys apart"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <NativeSelect
            label="Type"
            data={TYPES}
            value={type}
            onChange={(event) => setType(event.currentTarget.value as ApiKey["type"])}
          />
          {type === "restricted" ? (
            <Textarea
              label="Agent patterns"
              description="agent_id patterns, separated by commas or new lines; * matches any run of characters"
              required
              autosize
              minRows={2}
              value={patterns}
              onChange={(event) => setPatterns(event.currentTarget.value)}
            />
          ) : null}
          <NumberInput
            label="Expires in days"
            description="Leave empty for a key that does not expire (1–3650)"
            min={1}
            max={3650}
            allowDecimal={false}
            value={expiresInDays}
            onChange={setExpiresInDays}
          />
          {create.error ? <ErrorAlert error={create.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
