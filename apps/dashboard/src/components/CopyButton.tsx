import { ActionIcon, Button, Text, VisuallyHidden } from "@mantine/core";
import { useClipboard } from "@mantine/hooks";
import type { CSSProperties } from "react";
import { AppLink } from "./AppLink";

/** A value and its copy button on one line, in running text or a table cell; the value may wrap. */
export const INLINE: CSSProperties = {
  display: "inline-flex",
  alignItems: "center",
  gap: 2,
  maxWidth: "100%",
  verticalAlign: "middle",
};

function CopyIcon({ copied }: { copied: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {copied ? (
        <path d="M3 8.5 L6.5 12 L13 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      ) : (
        <>
          <rect
            x="5.5"
            y="5.5"
            width="8"
            height="8.5"
            rx="1.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.4"
          />
          <path
            d="M10.5 3.5 V3 A1.5 1.5 0 0 0 9 1.5 H4 A1.5 1.5 0 0 0 2.5 3 V9.5 A1.5 1.5 0 0 0 4 11 H4.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.4"
          />
        </>
      )}
    </svg>
  );
}

interface Props {
  /** what is copied, exactly */
  value: string;
  /** the button's name, what it copies: "Copy context id" */
  label: string;
  /** a visible text instead of the icon alone (e.g. "Copy JSON") */
  children?: string;
}

/**
 * Copies `value` to the clipboard. The outcome is said twice: the icon turns to a check for sighted
 * readers, and a status line tells screen readers; a refusal by the browser is said too. A text
 * button keeps its text: its accessible name must go on containing what it shows (axe's
 * label-content-name-mismatch), whenever a check runs during the 1.5 s the check mark shows.
 */
export function CopyButton({ value, label, children }: Props) {
  const clipboard = useClipboard({ timeout: 1500 });
  const outcome = clipboard.error
    ? "Copy failed: the browser refused the clipboard"
    : clipboard.copied
      ? "Copied"
      : "";
  return (
    <>
      {children ? (
        <Button
          size="compact-xs"
          variant="default"
          aria-label={label === children ? undefined : label}
          leftSection={<CopyIcon copied={clipboard.copied} />}
          onClick={() => clipboard.copy(value)}
        >
          {children}
        </Button>
      ) : (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={label}
          title={clipboard.copied ? "Copied" : label}
          onClick={() => clipboard.copy(value)}
          style={{ flexShrink: 0, verticalAlign: "middle" }}
        >
          <CopyIcon copied={clipboard.copied} />
        </ActionIcon>
      )}
      <VisuallyHidden role="status">{outcome}</VisuallyHidden>
    </>
  );
}

/**
 * An id as the pages show it: a link to its page when it has one, and a copy button. The id may
 * break anywhere: a phone is narrower than some ids.
 */
export function CopyableId({
  id,
  what,
  to,
}: {
  id: string;
  /** what the id is of, in the copy button's name: "context id" */
  what: string;
  /** its page, when it has one */
  to?: string;
}) {
  return (
    <span style={INLINE}>
      {to ? (
        <AppLink to={to} size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
          {id}
        </AppLink>
      ) : (
        <Text span size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
          {id}
        </Text>
      )}
      <CopyButton value={id} label={`Copy ${what}`} />
    </span>
  );
}
