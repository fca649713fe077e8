// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection: they are not passed on; Node
// frames each side's body itself (chunked or content-length, as the headers that remain say).
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/** Also hop-by-hop: the headers a Connection header names. */
function connectionNamed(raw: string[]): Set<string> {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() !== "connection") continue;
    for (const token of (raw[i + 1] ?? "").split(",")) named.add(token.trim().toLowerCase());
  }
  return named;
}

function kept(raw: string[], drop: (name: string) => boolean): string[] {
  const named = connectionNamed(raw);
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || named.has(lower) || drop(lower)) continue;
    out.push(name, raw[i + 1] as string);
  }
  return out;
}

/** The client's headers for the upstream, as raw pairs (names' case and repeats kept); Host is the upstream's. */
export function forwardedRequestHeaders(raw: string[], target: URL): string[] {
  return ["Host", target.host, ...kept(raw, (name) => name === "host")];
}

/** The upstream's headers for the client, as raw pairs. */
export function forwardedResponseHeaders(raw: string[]): string[] {
  return kept(raw, () => false);
}
