/**
 * The one error the transparency log's formats throw, shaped like viem's BaseError: a short
 * message for people, optional details, the error underneath as `cause` (Node prints the chain),
 * and `walk` to find an error of interest in that chain. `reason` is a closed list, so callers
 * branch on it and never on message text.
 */
export const TLOG_ERROR_REASONS = [
  /** an argument out of range: a size, an index, a width, a level */
  "invalid_argument",
  /** input longer than the limit given (or the default), refused before it is decoded further */
  "too_large",
  /** text or bytes that do not follow the format (signed note, checkpoint, tile path, bundle, key) */
  "malformed",
  /** a proof or hash that does not match */
  "proof_failed",
  /** a signature by a known key that does not verify */
  "invalid_signature",
  /** a note signed by no key the caller knows */
  "unverified",
  /** two known keys with the same name and key ID */
  "ambiguous_key",
] as const;
export type TlogErrorReason = (typeof TLOG_ERROR_REASONS)[number];

export type TlogErrorOptions = { details?: string; cause?: unknown };

export class TlogError extends Error {
  override readonly name = "TlogError";
  readonly reason: TlogErrorReason;
  readonly shortMessage: string;
  readonly details: string | undefined;

  constructor(reason: TlogErrorReason, shortMessage: string, options: TlogErrorOptions = {}) {
    const message = options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage;
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.reason = reason;
    this.shortMessage = shortMessage;
    this.details = options.details;
  }

  /** The innermost error of the chain (`fn` omitted), or the first one `fn` accepts, from this one down. */
  walk(fn?: (error: unknown) => boolean): unknown {
    let current: unknown = this;
    let last: unknown = this;
    const seen = new Set<unknown>();
    while (current !== undefined && current !== null && !seen.has(current)) {
      seen.add(current);
      if (fn?.(current)) return current;
      last = current;
      current = (current as { cause?: unknown }).cause;
    }
    return fn ? null : last;
  }
}

export function isTlogError(error: unknown, reason?: TlogErrorReason): error is TlogError {
  return error instanceof TlogError && (reason === undefined || error.reason === reason);
}
