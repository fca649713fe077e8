/** An answer of the API that is not a success, in the API's own words (its error envelope). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Envelope = { error?: { code?: unknown; message?: unknown; request_id?: unknown } };

/** Turns an error body (or its absence: a proxy page, a network failure) into an ApiError. */
export function toApiError(status: number, body: unknown, requestId: string | null): ApiError {
  const error = (body as Envelope | undefined)?.error;
  if (error && typeof error.code === "string" && typeof error.message === "string") {
    const id = typeof error.request_id === "string" ? error.request_id : requestId;
    return new ApiError(status, error.code, error.message, id);
  }
  return new ApiError(
    status,
    "HTTP_ERROR",
    `The server answered ${status} without an error message.`,
    requestId,
  );
}

/** openapi-fetch's result → the data, or a thrown ApiError for TanStack Query to hold. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ApiError(0, "NETWORK_ERROR", `The API could not be reached (${reason}).`, null);
  }
  const { data, error, response } = result;
  if (!response.ok) throw toApiError(response.status, error, response.headers.get("x-request-id"));
  return data as T;
}

/** Each code of the API's closed list (and the client's own two) in words a person reads. */
const ERROR_WORDS: Record<string, string> = {
  INVALID_API_KEY: "The API key was not accepted",
  // the API says which (the email or the password, the current password, a sign-in link unknown,
  // used or expired): said once, so the title only says it was not accepted
  INVALID_CREDENTIALS: "Not accepted",
  INVALID_SESSION: "Your session has ended: sign in again",
  INSUFFICIENT_PERMISSIONS: "You are not allowed to do this",
  CSRF_TOKEN_INVALID: "The page was out of date: reload it and try again",
  RATE_LIMIT_EXCEEDED: "Too many requests: wait a moment and try again",
  VALIDATION_ERROR: "Something in what was sent is not valid",
  INVALID_JSON: "What was sent could not be read",
  PAYLOAD_TOO_LARGE: "What was sent is too large",
  UNSUPPORTED_MEDIA_TYPE: "What was sent is of a kind the service does not take",
  NOT_FOUND: "Not found",
  CONFLICT: "This cannot be done in the record's present state",
  SERVICE_UNAVAILABLE: "The service is unavailable for now: try again shortly",
  INTERNAL_ERROR: "Something went wrong on the service's side",
  BLOCKCHAIN_ERROR: "The chain could not be read or written just now",
  NETWORK_ERROR: "The service could not be reached",
  HTTP_ERROR: "The service answered with an error",
};

export function describeError(error: unknown): {
  /** in words */
  title: string;
  message: string;
  /** the API's code, for support; null for an error of the page itself */
  code: string | null;
  requestId: string | null;
} {
  if (error instanceof ApiError) {
    return {
      title: ERROR_WORDS[error.code] ?? "The service refused this",
      message: error.message,
      code: error.code,
      requestId: error.requestId,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { title: "Something went wrong on this page", message, code: null, requestId: null };
}
