import { Button, type ButtonProps, Group, Modal, Stack, Text } from "@mantine/core";
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
}

/** A destructive action behind a confirmation; a failure is shown in the dialog, in words. */
export function ConfirmButton({
  children,
  title,
  message,
  confirmLabel,
  onConfirm,
  extra,
  ...button
}: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const dismiss = () => {
    setError(null);
    close();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
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
          {error ? <ErrorAlert error={error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={confirm}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
