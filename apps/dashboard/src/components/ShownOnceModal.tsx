import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";

interface Props {
  /** The secret; null = closed. It lives only in the caller's state and is dropped on close. */
  value: string | null;
  title: string;
  label: string;
  onClose: () => void;
  children?: React.ReactNode;
}

/** A key, a secret or a link shown exactly once, with a copy button and a warning. */
export function ShownOnceModal({ value, title, label, onClose, children }: Props) {
  return (
    <Modal opened={value !== null} onClose={onClose} title={title} centered size="lg">
      <Stack>
        <Alert color="yellow" title="Shown only once">
          Copy it now and keep it somewhere safe: it will not be shown again, here or anywhere.
        </Alert>
        <Text size="sm" fw={500} id="shown-once-label">
          {label}
        </Text>
        <Code
          block
          aria-labelledby="shown-once-label"
          style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }}
        >
          {value ?? ""}
        </Code>
        {children}
        <Group justify="flex-end">
          <CopyButton value={value ?? ""}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? "Copied" : "Copy"}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>I have saved it</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
