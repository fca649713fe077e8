// The transparency log's verifier key the console's audit holds the log to (entries_in_log), and
// where it came from: a key the person pins is trusted over anything the audited server serves; a
// key read from that server (GET /v1/tlog/key) only shows the log consistent with what it says.

/** The key given to auditAgent as `logKey`, and its source. */
export type AuditLogKey =
  | { source: "pinned"; key: string }
  | { source: "published"; key: string }
  | { source: "none" };

/** The pinned key when one was pasted, else the server's published key, else none. */
export function chooseLogKey(pinned: string, published: string | null): AuditLogKey {
  const trimmed = pinned.trim();
  if (trimmed !== "") return { source: "pinned", key: trimmed };
  return published === null ? { source: "none" } : { source: "published", key: published };
}

/** The key auditAgent takes (undefined: the entries' own `log.verifier_key`). */
export function logKeyOption(key: AuditLogKey): string | undefined {
  return key.source === "none" ? undefined : key.key;
}

/** One sentence: where the key came from, and what trusting it proves. */
export function logKeyNote(key: AuditLogKey): string {
  switch (key.source) {
    case "pinned":
      return "Log key pinned here: the log's checkpoint must be signed by it, whatever this server serves.";
    case "published":
      return "Log key fetched from this server (GET /v1/tlog/key): it shows the log consistent with what the server being audited says of itself. Pin a key you hold from elsewhere to trust nothing it serves.";
    case "none":
      return "This server publishes no log key (GET /v1/tlog/key): the log is held to the key its entries name. Pin a key you hold to trust nothing it serves.";
  }
}
