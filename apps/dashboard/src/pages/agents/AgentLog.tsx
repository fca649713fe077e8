import { Badge, Button, Code, Group, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import type { PagedList } from "../../api/paged";
import type { Context } from "../../api/schema";
import { AppLink } from "../../components/AppLink";
import { DateTime, useZone } from "../../components/DateTime";
import { PagedTable } from "../../components/PagedTable";
import { Section } from "../../components/Section";
import { StatusBadge } from "../../components/StatusBadge";
import { formatDateTime, zoneName } from "../../components/time-zone";
import { contextSource } from "../contexts/context-source";
import { type LogJump, parseJump } from "./log-jump";

/**
 * The agent's log (useAgentEntries), newest first, with each entry's time received; a jump to an
 * entry or a time (the entries at or before it, newest first), kept in the URL; and the log's length
 * (`total`, its head sequence).
 */
export function AgentLog({
  entries,
  jump,
  total,
}: {
  entries: PagedList<Context>;
  jump: LogJump;
  total: number;
}) {
  const zone = useZone();
  const [, setParams] = useSearchParams();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const rows = entries.items;

  const moveTo = (next: LogJump) => {
    // a new history entry: Back returns to where the log was read before the jump
    setParams((current) => {
      const search = new URLSearchParams(current);
      search.delete("sequence");
      search.delete("at");
      if (next && "sequence" in next) search.set("sequence", String(next.sequence));
      if (next && "at" in next) search.set("at", next.at);
      return search;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseJump(text, zone, total);
    if ("error" in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    moveTo(parsed.jump);
  };

  const where =
    jump === null
      ? "Newest first."
      : "sequence" in jump
        ? `From entry ${jump.sequence}, newest first.`
        : `Received up to ${formatDateTime(jump.at, zone)}, newest first.`;
  const first = rows[0]?.sequence;
  const last = rows.at(-1)?.sequence;
  const count = total.toLocaleString("en-US");

  return (
    <Section
      title="Log"
      aside={
        <Text size="sm" fw={500}>
          {count} {total === 1 ? "entry" : "entries"}
        </Text>
      }
    >
      <form onSubmit={submit} aria-label="Jump in the log">
        <Group gap="xs" align="flex-start" wrap="wrap" mb="xs">
          <TextInput
            label={`Jump to a sequence or a time (${zoneName(zone)})`}
            placeholder="120 or 2026-11-29 14:03:07"
            autoComplete="off"
            spellCheck={false}
            size="xs"
            w={260}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error ?? undefined}
          />
          <Button type="submit" size="xs" variant="default" mt={22}>
            Jump
          </Button>
          {jump ? (
            <Button
              size="xs"
              variant="subtle"
              mt={22}
              onClick={() => {
                setText("");
                setError(null);
                moveTo(null);
              }}
            >
              Back to the newest
            </Button>
          ) : null}
        </Group>
      </form>
      <Text size="sm" c="dimmed" mb="xs" role="status">
        {where}
      </Text>
      <PagedTable
        list={entries}
        label="Log entries"
        rowKey={(entry) => entry.context_id}
        minWidth={820}
        skeletonRows={5}
        empty={jump ? "No entry at or before this point." : "No entry."}
        columns={[
          { header: "Sequence", cell: (entry) => entry.sequence ?? "—" },
          { header: "Received", cell: (entry) => <DateTime value={entry.created_at} /> },
          {
            header: "Status",
            cell: (entry) => (
              <Group gap={4} wrap="nowrap">
                <StatusBadge status={entry.status} />
                {entry.data_erased_at ? (
                  <Badge color="gray" variant="outline">
                    data erased
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          {
            header: "Context",
            cell: (entry) => <AppLink to={`/contexts/${entry.context_id}`}>{entry.context_id}</AppLink>,
          },
          { header: "Source", cell: (entry) => contextSource(entry) ?? "—" },
          {
            header: "Entry hash",
            style: { wordBreak: "break-all" },
            cell: (entry) => <Code>{entry.entry_hash ?? "—"}</Code>,
          },
        ]}
      />
      {first !== undefined && last !== undefined && first !== null && last !== null ? (
        <Text size="xs" c="dimmed" mt="sm">
          Entries {first} to {last} shown, of {count}.
        </Text>
      ) : null}
    </Section>
  );
}
