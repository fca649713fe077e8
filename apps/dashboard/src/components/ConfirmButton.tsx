import { Button, type ButtonProps, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type ReactNode, useState } from "react";
import { ErrorAlert } from "./ErrorAlert";

interface Props extends Omit<ButtonProps, "onClick"> {
  /** The button's text (its accessible name). */
  children: ReactNode;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  /** Extra fields inside the confirmation (e.g. the overlap of a key roll). */
  extra?: ReactNode;
  /** What must be typed before the confirmation enables (an erasure of many records): its id. */
  typeToConfirm?: string;
}

/** A destructive action behind a confirmation; a failure is shown in the dialog, in words. */
export function ConfirmButton({
  children,
  title,
  message,
  confirmLabel,
  onConfirm,
  extra,
  typeToConfirm,
  ...button
}: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [typed, setTyped] = useState("");
  const unconfirmed = typeToConfirm !== undefined && typed !== typeToConfirm;

  const dismiss = () => {
    setError(null);
    setTyped("");
    close();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setTyped("");
      close();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button color="red" variant="light" {...button} onClick={open}>
        {children}
      </Button>
      <Modal opened={opened} onClose={dismiss} title={title} centered>
        <Stack>
          <Text size="sm">{message}</Text>
          {extra}
          {typeToConfirm !== undefined ? (
            <TextInput
              data-autofocus
              label={`Type ${typeToConfirm} to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
            />
          ) : null}
          {error ? <ErrorAlert error={error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss}>
              Cancel
            </Button>
            <Button color="red" loading={busy} disabled={unconfirmed} onClick={confirm}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
