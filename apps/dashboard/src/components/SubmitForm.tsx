import { Button, Group, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { ErrorAlert } from "./ErrorAlert";

interface Props {
  /** called on the button or Enter; the page does not reload */
  onSubmit: () => void;
  submitLabel: string;
  /** the request runs: the button says so and cannot be pressed again */
  busy: boolean;
  /** the API's refusal of the last submit, shown in words below the fields */
  error?: unknown;
  /** a Cancel button beside the submit button: the forms of dialogs */
  onCancel?: () => void;
  /** e.g. while no event is chosen */
  submitDisabled?: boolean;
  maw?: number;
  children: ReactNode;
}

/** Fields above one another, the refusal of the last submit below them, then the submit button. */
export function SubmitForm({
  onSubmit,
  submitLabel,
  busy,
  error,
  onCancel,
  submitDisabled,
  maw,
  children,
}: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const button = (
    <Button type="submit" loading={busy} disabled={submitDisabled}>
      {submitLabel}
    </Button>
  );
  return (
    <form onSubmit={submit}>
      <Stack maw={maw}>
        {children}
        {error ? <ErrorAlert error={error} /> : null}
        {onCancel ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            {button}
          </Group>
        ) : (
          button
        )}
      </Stack>
    </form>
  );
}
