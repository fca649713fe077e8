// What every API method of the client shares: its per-call options, how an id goes into a path,
// and the body of a POST that sends none.

/** Per-call options every method accepts. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** An id as one path segment: encoded, so an id can never add a segment or a query string. */
export const seg = encodeURIComponent;

/**
 * The body of a POST that carries none: `{}`. A route validating its body as an empty object
 * accepts it, and one without a body schema ignores it.
 */
export const EMPTY_BODY = {};
