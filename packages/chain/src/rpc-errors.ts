import { BaseError } from "viem";

/**
 * What a failed RPC call means for the sender, read from the error's whole cause chain (viem wraps
 * the node's message several levels deep, and nodes word the same condition differently).
 */
export type RpcFailure =
  /** the signer's balance cannot pay gas × fee */
  | "insufficient_funds"
  /** the node already has exactly this transaction: broadcasting it again is a success */
  | "already_known"
  /** the nonce is used on chain: by this transaction (mined) or another of the same nonce */
  | "nonce_too_low"
  /** a transaction with this nonce is pending and the new fee is not high enough to replace it */
  | "replacement_underpriced"
  /** connection refused, timeout, 5xx: the node did not answer; nothing is known */
  | "unreachable"
  | "other";

const PATTERNS: [RpcFailure, RegExp][] = [
  ["insufficient_funds", /insufficient funds|insufficientfunds|not enough funds|lack of funds/i],
  ["already_known", /already known|already imported|known transaction|alreadyknown|same hash/i],
  ["nonce_too_low", /nonce too low|nonce has already been used|noncetoolow|invalid nonce/i],
  ["replacement_underpriced", /replacement (transaction )?underpriced|underpriced|fee too low/i],
];

const UNREACHABLE =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|socket hang up|fetch failed|timed? ?out|HTTP request failed|other side closed|network error/i;

/** Every message in the chain: viem's shortMessage/details and each `cause`, innermost last. */
export function errorMessages(error: unknown): string[] {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const e = current as { message?: unknown; shortMessage?: unknown; details?: unknown; code?: unknown };
    for (const part of [e.shortMessage, e.details, e.message, e.code]) {
      if (typeof part === "string" && part) messages.push(part);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return messages;
}

export function classifyRpcError(error: unknown): RpcFailure {
  const text = errorMessages(error).join("\n");
  for (const [kind, pattern] of PATTERNS) if (pattern.test(text)) return kind;
  if (UNREACHABLE.test(text)) return "unreachable";
  if (error instanceof BaseError) {
    const http = error.walk((e) => (e as { name?: string }).name === "HttpRequestError");
    const status = (http as { status?: number } | null)?.status;
    if (http && (status === undefined || status >= 500 || status === 429)) return "unreachable";
    if (error.walk((e) => (e as { name?: string }).name === "TimeoutError")) return "unreachable";
  }
  return "other";
}

/** One line for logs and error_details: the most specific message, without viem's doc links. */
export function describeRpcError(error: unknown): string {
  const messages = errorMessages(error);
  const detail = messages.find((m) => !m.includes("\n")) ?? messages[0] ?? String(error);
  return detail.length > 300 ? `${detail.slice(0, 297)}...` : detail;
}
