import { BlockedAddressError, DESTINATION_NOT_ALLOWED } from "./guarded-connector";

const MAX_ERROR_LENGTH = 500;

const CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset by the receiver",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ENOTFOUND: "host not found (DNS)",
  EAI_AGAIN: "DNS lookup failed (temporary)",
  UND_ERR_SOCKET: "the receiver closed the connection",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
};

function walk(err: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = err;
  while (current && typeof current === "object" && !chain.includes(current) && chain.length < 8) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The SSRF refusal in an error's cause chain, if that is why the attempt failed. */
export function findBlockedAddress(err: unknown): BlockedAddressError | undefined {
  return walk(err).find((e): e is BlockedAddressError => e instanceof BlockedAddressError);
}

/**
 * A short description of why an attempt got no usable response, safe to show the webhook's
 * owner: no secret, and no host or address the SSRF guard refused (see DESTINATION_NOT_ALLOWED).
 */
export function describeSendError(err: unknown, signal: AbortSignal, timeoutMs: number): string {
  const chain = walk(err);
  if (findBlockedAddress(err)) return DESTINATION_NOT_ALLOWED;
  if (signal.aborted) return `no complete response within ${timeoutMs} ms (timeout)`;
  for (const e of chain) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && CODES[code]) return CODES[code];
    if (typeof code === "string" && /CERT|TLS|SSL/.test(code)) return `TLS error: ${code}`;
  }
  const first = chain[0] as { code?: unknown; message?: unknown } | undefined;
  const text = [first?.code, first?.message].filter((p) => typeof p === "string").join(": ");
  return (text || "request failed").slice(0, MAX_ERROR_LENGTH);
}
