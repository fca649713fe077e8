import { Modal, NativeSelect, NumberInput, Textarea, TextInput } from "@mantine/core";
import { useInputState } from "@mantine/hooks";
import { useState } from "react";
import type { ApiKey } from "../../api/schema";
import { SubmitForm } from "../../components/SubmitForm";
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
  const [name, setName] = useInputState("");
  const [patterns, setPatterns] = useInputState("");
  const [expiresInDays, setExpiresInDays] = useState<number | string>("");

  const close = () => {
    create.reset();
    setType("full");
    setName("");
    setPatterns("");
    setExpiresInDays("");
    onClose();
  };

  const submit = () => {
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
      <SubmitForm
        onSubmit={submit}
        submitLabel="Create key"
        busy={create.isPending}
        error={create.error}
        onCancel={close}
      >
        <TextInput
          // the dialog's first field takes the focus (else Mantine focuses the close button)
          data-autofocus
          label="Name"
          description="Optional, to tell keys apart"
          value={name}
          maxLength={100}
          onChange={setName}
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
            onChange={setPatterns}
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
      </SubmitForm>
    </Modal>
  );
}
