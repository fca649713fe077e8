// Where an agent's log is read from: its head, an entry (and those before it), or a time (and
// those before). No library here: the boot script (app/first-requests.ts) reads the jump too.
import { fromInputValue, type Zone } from "../../components/time-zone";

export type LogJump = { sequence: number } | { at: string } | null;

const MAX_SEQUENCE = 2_147_483_647;

/** The jump in the page's URL (`?sequence=120` or `?at=<ISO>`), so a reload or a link shows the same place. */
export function readJump(params: URLSearchParams): LogJump {
  const sequence = params.get("sequence");
  if (sequence && /^\d+$/.test(sequence) && Number(sequence) >= 1 && Number(sequence) <= MAX_SEQUENCE) {
    return { sequence: Number(sequence) };
  }
  const at = Date.parse(params.get("at") ?? "");
  return Number.isFinite(at) ? { at: new Date(at).toISOString() } : null;
}

/** What the jump field holds: an entry's sequence, or a time in `zone`; else what is wrong, in words. */
export function parseJump(text: string, zone: Zone, total: number): { jump: LogJump } | { error: string } {
  const value = text.trim().replace(/^#/, "");
  if (/^\d+$/.test(value)) {
    const sequence = Number(value);
    if (sequence < 1) return { error: "Sequences start at 1." };
    if (sequence > total) {
      return { error: `The log has ${total.toLocaleString("en-US")} ${total === 1 ? "entry" : "entries"}.` };
    }
    return { jump: { sequence } };
  }
  const at = fromInputValue(value, zone);
  if (at === null) return { error: "Give a sequence (a whole number) or a time: yyyy-mm-dd hh:mm:ss." };
  return { jump: { at } };
}

/** created_before for a jump to a time: the whole second named is in (14:03:07 takes 14:03:07.900). */
export const beforeOf = (at: string) =>
  new Date((Math.floor(Date.parse(at) / 1000) + 1) * 1000).toISOString();
