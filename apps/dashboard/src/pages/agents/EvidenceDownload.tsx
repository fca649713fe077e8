import { Button, Code, Group, Text } from "@mantine/core";
import { type FormEvent, type SyntheticEvent, useState } from "react";
import { ApiError, toApiError } from "../../api/errors";
import { DateTimeInput, useZone } from "../../components/DateTime";
import { ErrorAlert } from "../../components/ErrorAlert";
import { Section } from "../../components/Section";
import { customRange, windowOf } from "../../components/time-range";
import { formatDateTime, fromInputValue, toInputValue, type Zone } from "../../components/time-zone";

/** The range's fields as typed, and the zone they were typed in. */
interface Draft {
  from: string;
  to: string;
  zone: Zone;
}

/** One pack asked for: its own frame, and what the API answered instead of a zip, if it did. */
interface Asked {
  n: number;
  url: string;
  from: string;
  to: string;
  refusal: ApiError | null;
}

/**
 * The range offered first: the agent's whole log, from its first entry (the field holds that time to
 * the second, rounded down, so the entry is in) to now (the next whole second). Not "the last 30
 * days": someone handing a pack to an auditor is asked for what the agent did, and the logs the AI
 * Act has kept for at least six months (Art. 19, 26(6)) would mostly be left out of a 30-day pack
 * without a word; a pack of the whole log also proves that nothing came before its first entry.
 * Narrowing it is one edit.
 */
function wholeLog(firstEntryAt: string, zone: Zone): Draft {
  const now = new Date(Math.floor(Date.now() / 1000) * 1000 + 1000);
  return { from: toInputValue(firstEntryAt, zone), to: toInputValue(now, zone), zone };
}

/** The same instants in another zone (a field that does not read as a time is kept as typed). */
function inZone(draft: Draft, zone: Zone): Draft {
  const move = (text: string) => {
    const at = fromInputValue(text, draft.zone);
    return at === null ? text : toInputValue(at, zone);
  };
  return { from: move(draft.from), to: move(draft.to), zone };
}

/**
 * What the API answered in a pack's frame instead of a zip, or null when there is nothing to read.
 * A pack is an attachment: the browser saves it and the frame never loads it. A refusal is JSON (the
 * error envelope), which the frame shows as a document of this origin.
 */
function refusalIn(frame: HTMLIFrameElement): ApiError | null {
  let text: string;
  try {
    const doc = frame.contentDocument;
    // a document of another origin (the browser's own error page) cannot be read
    if (doc === null) return unreadable();
    // the frame's first document (about:blank) is empty, and stays so while a pack downloads
    text = doc.body?.textContent?.trim() ?? "";
  } catch {
    return unreadable();
  }
  if (text === "") return null;
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not the API's envelope: a proxy's page, say
  }
  // the frame does not give the answer's status; the envelope's code says what it was
  const error = toApiError(0, body, null);
  return error.code === "HTTP_ERROR" ? unreadable() : error;
}

/** customRange's complaint about the start field itself; the others are said under the end. */
const startError = (error: string) => error.startsWith("Give a start");

const unreadable = () =>
  new ApiError(
    0,
    "HTTP_ERROR",
    "The evidence pack could not be downloaded, and the service's answer cannot be read here. `npx ctxlog evidence` says why from a terminal.",
    null,
  );

/**
 * "Download evidence pack" (docs/evidence.md): the agent's entries over a range as one zip an auditor
 * verifies offline. The zip is GET /v1/agents/:agent_id/evidence, which the session cookie
 * authenticates, loaded in a hidden frame of this origin: the browser streams it to a file as any
 * download (nothing of it passes through this page's memory), and a refusal, which the API sends
 * before any byte of a pack, lands in the frame as JSON and is shown here in words. A plain link
 * with `download` could not do the second: the browser would save the error as the file, or report
 * a failed download without the API's reason.
 */
export function EvidenceDownload({ agentId, firstEntryAt }: { agentId: string; firstEntryAt: string }) {
  const zone = useZone();
  const [draft, setDraft] = useState(() => wholeLog(firstEntryAt, zone));
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<Asked[]>([]);
  // the shell's UTC/local toggle moved: the fields keep their instants, written in the new zone
  if (draft.zone !== zone) setDraft(inZone(draft, zone));
  const last = asked.at(-1);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = customRange(draft.from, draft.to, undefined, draft.zone);
    if (checked.error !== undefined) {
      setError(checked.error);
      return;
    }
    setError(null);
    const { since, until } = windowOf(checked.range);
    const query = new URLSearchParams({ from: since, to: until });
    const url = `/v1/agents/${encodeURIComponent(agentId)}/evidence?${query}`;
    // every pack asked for keeps its frame: removing one could cut a download still arriving
    setAsked((all) => [...all, { n: all.length + 1, url, from: since, to: until, refusal: null }]);
  };
  const loaded = (n: number) => (event: SyntheticEvent<HTMLIFrameElement>) => {
    const refusal = refusalIn(event.currentTarget);
    if (refusal) setAsked((all) => all.map((a) => (a.n === n ? { ...a, refusal } : a)));
  };

  return (
    <Section title="Evidence pack">
      <Text size="sm" mb="sm">
        One zip of this agent's entries over a period, with their receipts, Merkle proofs and anchoring
        blocks, the signing keys, erasures and retention, signed by the service. An auditor checks it offline,
        trusting nothing of this service: <Code>npx ctxlog verify-pack file.zip</Code> (add{" "}
        <Code>--rpc-url</Code> to check the blocks against a node of the chain). What each file proves:
        docs/evidence.md, in ctxlog's repository.
      </Text>
      <form onSubmit={submit} aria-label="Download an evidence pack" noValidate>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <DateTimeInput
            label="From"
            zone={zone}
            size="xs"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
            error={error && startError(error) ? error : undefined}
          />
          <DateTimeInput
            label="To"
            zone={zone}
            size="xs"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
            error={error && !startError(error) ? error : undefined}
          />
          <Button type="submit" size="xs" mt={22}>
            Download evidence pack
          </Button>
        </Group>
      </form>
      {last && !last.refusal ? (
        <Text size="sm" c="dimmed" mt="sm" role="status">
          Asked for the pack of the entries received from {formatDateTime(last.from, zone)} to{" "}
          {formatDateTime(last.to, zone)}: your browser saves it as it arrives (see its downloads).
        </Text>
      ) : null}
      {last?.refusal ? <ErrorAlert error={last.refusal} mt="sm" /> : null}
      {asked.map((a) => (
        <iframe key={a.n} src={a.url} title={`Evidence pack ${a.n}`} hidden onLoad={loaded(a.n)} />
      ))}
    </Section>
  );
}
